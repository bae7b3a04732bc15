import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// The query faults of ``QueryFaultTests`` over https: the same server faults played behind a
/// loopback TLS front, plus faults of the handshake itself. Each ends with the right exit
/// status, one or two sentences, and the stored login and cache byte-identical.
@Suite("HTTPS faults", .timeLimit(.minutes(5)))
struct HTTPSFaultTests {
    static let query = QueryFaultTests.query

    @Test func succeedsOverHTTPSWithTheTestCA() async throws {
        let session = try await FaultSession(https: true)
        let result = try await session.run(Self.query + ["--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(session.server.requestCount == 1)
        #expect(session.front?.handshakes ?? 0 >= 1)
    }

    @Test func refusedOnAClosedPort() async throws {
        let session = try await FaultSession(https: true)
        let port = try #require(ClosedLoopbackPort.make())
        let before = session.home.snapshot()
        let result = try await session.run(Self.query, endpoint: "https://127.0.0.1:\(port)/graphql")
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(result.stderr.contains("refused the connection"), "stderr: \(result.stderr)")
    }

    @Test func resetDuringTheHandshake() async throws {
        let session = try await FaultSession(https: true)
        let front = try TLSFront(.resetDuringHandshake)
        defer { front.stop() }
        let before = session.home.snapshot()
        let result = try await session.run(Self.query, endpoint: front.endpoint)
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(result.stderr.contains("connection closed"), "stderr: \(result.stderr)")
    }

    @Test func closedRightAfterTheHandshake() async throws {
        let session = try await FaultSession(https: true)
        let front = try TLSFront(.closeAfterHandshake)
        defer { front.stop() }
        let before = session.home.snapshot()
        let result = try await session.run(Self.query, endpoint: front.endpoint)
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(front.handshakes >= 1)
    }

    @Test func plainHTTPServerBehindAnHTTPSURL() async throws {
        let session = try await FaultSession(https: true)
        let front = try TLSFront(.plainHTTP)
        defer { front.stop() }
        let before = session.home.snapshot()
        let result = try await session.run(Self.query, endpoint: front.endpoint)
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(result.stderr.contains("TLS handshake"), "stderr: \(result.stderr)")
    }

    @Test func neverAnswersWithinTheTimeout() async throws {
        let session = try await FaultSession(https: true)
        session.server.behaviour = .neverAnswer
        let before = session.home.snapshot()
        let result = try await session.run(Self.query + ["--timeout", "1"])
        let elapsed = result.duration  // the child's own time, not the wait for a slot
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(elapsed < .seconds(15), "a 1-second timeout took \(elapsed)")
        #expect(result.stderr.contains("did not answer in time"), "stderr: \(result.stderr)")
    }

    static let faults: [QueryFaultTests.Fault] = [
        .init(name: "reset mid-body", behaviour: .resetMidBody, statuses: [69]),
        .init(name: "closed without answer", behaviour: .closeWithoutAnswer, statuses: [69]),
        .init(name: "truncated body", behaviour: .respond(status: 200, body: FaultServerTutorial.launchDetails(id: "1").dropLast(40)), statuses: [76]),
        .init(name: "HTTP 500 with HTML", behaviour: .html(status: 500), statuses: [76]),
        .init(name: "HTTP 503 empty", behaviour: .empty(status: 503), statuses: [76]),
        .init(name: "not JSON", behaviour: .respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("hello".utf8)), statuses: [76]),
    ]

    @Test(arguments: faults)
    func serverFault(_ fault: QueryFaultTests.Fault) async throws {
        let session = try await FaultSession(https: true)
        session.server.behaviour = fault.behaviour
        let before = session.home.snapshot()
        let result = try await session.run(Self.query)
        FaultExpectations.expectCleanFailure(result, status: fault.statuses, session: session, before: before)
        #expect(session.server.requestCount >= 1, "the request never reached the server behind the front")
    }
}
