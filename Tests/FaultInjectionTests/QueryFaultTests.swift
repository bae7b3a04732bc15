import Foundation
import Testing
import TestSupport

/// A query (`details 1 --force-reload`, which must go to the server although the launch is
/// cached) against each server fault: the right exit status, one or two sentences, and the
/// stored login and cache left byte-identical.
@Suite("Query faults", .timeLimit(.minutes(5)))
struct QueryFaultTests {
    static let query = ["details", FaultSession.cachedLaunch, "--force-reload"]

    /// A fault the server plays, with the exit statuses that may answer it.
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var behaviour: FaultServerBehaviour
        var statuses: Set<Int32>
        var testDescription: String { name }
    }

    @Test func refusedWhenTheServerHasStopped() async throws {
        let session = try await FaultSession()
        session.server.stop()
        let before = session.home.snapshot()
        let result = try await session.run(Self.query)
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(result.stderr.contains("Could not reach the server"))
    }

    @Test func refusedOnAClosedPort() async throws {
        let session = try await FaultSession()
        let port = try #require(ClosedLoopbackPort.make())
        let before = session.home.snapshot()
        let result = try await session.run(Self.query, endpoint: "http://127.0.0.1:\(port)/graphql")
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
    }

    @Test func unknownHost() async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        let result = try await session.run(Self.query + ["--timeout", "5"], endpoint: "http://rocket-reserver-fault.invalid/graphql")
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(session.server.requestCount == 0)
    }

    @Test func neverAnswersWithinTheTimeout() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .neverAnswer
        let before = session.home.snapshot()
        let result = try await session.run(Self.query + ["--timeout", "1"], deadline: 30)
        let elapsed = result.duration  // the child's own time, not the wait for a slot
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(elapsed < .seconds(15), "a 1-second timeout took \(elapsed)")
        #expect(session.server.requestCount >= 1)
    }

    @Test func resetMidBody() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .resetMidBody
        let before = session.home.snapshot()
        let result = try await session.run(Self.query)
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
    }

    @Test func closedWithoutAnswer() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .closeWithoutAnswer
        let before = session.home.snapshot()
        let result = try await session.run(Self.query)
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
    }

    static let unreadableAnswers: [Fault] = [
        Fault(name: "HTTP 500 with HTML", behaviour: .html(status: 500), statuses: [76]),
        Fault(name: "HTTP 502 empty", behaviour: .empty(status: 502), statuses: [76]),
        Fault(name: "HTTP 503 empty", behaviour: .empty(status: 503), statuses: [76]),
        Fault(name: "HTTP 503 with HTML", behaviour: .html(status: 503), statuses: [76]),
        Fault(name: "HTTP 200 empty", behaviour: .respond(status: 200, body: Data()), statuses: [76]),
        Fault(name: "truncated JSON", behaviour: .respond(status: 200, body: FaultServerTutorial.launchDetails(id: "1").dropLast(40)), statuses: [76]),
        Fault(name: "not JSON", behaviour: .respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("hello, rocket".utf8)), statuses: [76]),
        Fault(name: "JSON array", behaviour: .json("[]"), statuses: [76]),
        Fault(name: "data is a number", behaviour: .json(#"{"data":3}"#), statuses: [76]),
        Fault(name: "launch of the wrong shape", behaviour: .json(#"{"data":{"launch":{"id":5}}}"#), statuses: [76]),
        Fault(name: "neither data nor errors", behaviour: .json(#"{"extensions":{}}"#), statuses: [76]),
    ]

    @Test(arguments: unreadableAnswers)
    func unreadableAnswer(_ fault: Fault) async throws {
        let session = try await FaultSession()
        session.server.behaviour = fault.behaviour
        let before = session.home.snapshot()
        let result = try await session.run(Self.query)
        FaultExpectations.expectCleanFailure(result, status: fault.statuses, session: session, before: before)
    }

    static let rejections: [Fault] = [
        Fault(name: "HTTP 401 with GraphQL errors", behaviour: .json(#"{"errors":[{"message":"not authenticated"}]}"#, status: 401), statuses: [77]),
        Fault(name: "HTTP 401 empty", behaviour: .empty(status: 401), statuses: [77]),
        Fault(name: "HTTP 403 with HTML", behaviour: .html(status: 403), statuses: [77]),
    ]

    @Test(arguments: rejections)
    func tokenRejected(_ fault: Fault) async throws {
        let session = try await FaultSession()
        session.server.behaviour = fault.behaviour
        let before = session.home.snapshot()
        let result = try await session.run(Self.query)
        FaultExpectations.expectCleanFailure(result, status: fault.statuses, session: session, before: before, allowing: [.tokenMayBeForgotten])
        #expect(result.stderr.lowercased().contains("log in again"), "stderr: \(result.stderr)")
    }

    static let graphQLErrors: [Fault] = [
        Fault(name: "data null with errors", behaviour: .json(#"{"data":null,"errors":[{"message":"launch service down"}]}"#), statuses: [1]),
        Fault(name: "errors only", behaviour: .json(#"{"errors":[{"message":"launch service down","locations":[{"line":1,"column":2}]}]}"#), statuses: [1]),
        Fault(name: "partial data with errors", behaviour: .json(#"{"data":{"launch":null},"errors":[{"message":"launch service down","path":["launch"]}]}"#), statuses: [1]),
        Fault(name: "errors entry without fields", behaviour: .json(#"{"errors":[{}]}"#), statuses: [1, 76]),
        Fault(name: "errors entry with null message", behaviour: .json(#"{"errors":[{"message":null}]}"#), statuses: [1, 76]),
        Fault(name: "errors is not an array", behaviour: .json(#"{"data":null,"errors":"boom"}"#), statuses: [76]),
    ]

    @Test(arguments: graphQLErrors)
    func graphQLErrorAnswer(_ fault: Fault) async throws {
        let session = try await FaultSession()
        session.server.behaviour = fault.behaviour
        let before = session.home.snapshot()
        let result = try await session.run(Self.query)
        FaultExpectations.expectCleanFailure(result, status: fault.statuses, session: session, before: before)
        if fault.statuses == [1] {
            #expect(result.stderr.contains("launch service down"), "the server's message is not passed on: \(result.stderr)")
        }
    }

    @Test func hugeBodySucceedsOrFailsCleanly() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .hugeBody(megabytes: 30)
        let before = session.home.snapshot()
        let result = try await session.run(Self.query + ["--json"], deadline: 45, samplesPeakMemory: true)
        let elapsed = result.duration  // the child's own time, not the wait for a slot
        #expect([0, 76].contains(result.status), "exit \(result.status), stderr: \(result.stderr.prefix(500))")
        #expect(elapsed < .seconds(30), "a 30 MB answer took \(elapsed)")
        FaultExpectations.expectNoToken(result, session: session)
        if result.status == 0 {
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect((document["site"] as? String)?.count == 30_000_000)
        } else {
            #expect(result.stdout.isEmpty)
            FaultExpectations.expectPlainMessage(result.stderr)
            FaultExpectations.expectState(of: session, before: before)
        }
        // The peak resident size of this child alone.
        let peak = try #require(result.peakResidentKiB, "the client's memory was not followed")
        #expect(peak < 1_500_000, "the client peaked at \(peak) KiB")
    }
}
