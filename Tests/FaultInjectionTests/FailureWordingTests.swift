import Foundation
import Testing
import TestSupport

/// Failure sentences read by a user who did nothing wrong: each fact said once, and no blame
/// for a login that never was.
@Suite("Failure wording", .timeLimit(.minutes(5)))
struct FailureWordingTests {
    @Test(arguments: [["details", "1", "--force-reload"], ["launches"], ["book", "1"], ["trips"]])
    func aTimeoutSaysSoOnce(_ command: [String]) async throws {
        let session = try await FaultSession()
        session.server.behaviour = .neverAnswer
        // `launches` and `trips` would fall back to the cache: start them on a cold endpoint.
        let cold = command.first == "launches" || command.first == "trips"
        if cold { try await Self.forgetCache(session) }
        let result = try await session.run(command + ["--timeout", "0.5"])
        #expect(result.status == 69, "stderr: \(result.stderr)")
        FaultExpectations.expectPlainMessage(result.stderr)
        let mentions = result.stderr.components(separatedBy: "in time").count - 1
        #expect(mentions == 1, "the timeout is said \(mentions) times: \(result.stderr)")
    }

    struct UnknownOutcome: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var behaviour: FaultServerBehaviour
        var status: Int32
        var timeout: Bool = false
    }

    static let unknownOutcomes: [UnknownOutcome] = [
        UnknownOutcome(testDescription: "never answers", behaviour: .neverAnswer, status: 69, timeout: true),
        UnknownOutcome(testDescription: "closed without an answer", behaviour: .closeWithoutAnswer, status: 69),
        UnknownOutcome(testDescription: "reset mid-body", behaviour: .resetMidBody, status: 69),
        UnknownOutcome(testDescription: "not JSON", behaviour: .respond(status: 200, body: Data("<html>".utf8)), status: 76),
        UnknownOutcome(testDescription: "HTTP 503", behaviour: .respond(status: 503, body: Data()), status: 76),
    ]

    /// A change whose request may have reached the server says that its outcome is unknown, and
    /// how to learn it, whatever ended the wait.
    @Test(arguments: unknownOutcomes, ["book", "cancel"])
    func aChangeWithAnUnknownOutcomeSaysSo(_ outcome: UnknownOutcome, command: String) async throws {
        let session = try await FaultSession()
        session.server.behaviour = outcome.behaviour
        let result = try await session.run([command, "1"] + (outcome.timeout ? ["--timeout", "0.5"] : []))
        #expect(result.status == outcome.status, "stderr: \(result.stderr)")
        FaultExpectations.expectPlainMessage(result.stderr)
        FaultExpectations.expectNoToken(result, session: session)
        let state = command == "book" ? "launch 1 may or may not be booked now" : "your trip on launch 1 may or may not be cancelled now"
        #expect(result.stderr.contains(state), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("details 1 --force-reload"), "stderr: \(result.stderr)")
    }

    /// A change refused before it could reach the server says nothing about an unknown outcome.
    @Test func aChangeThatNeverLeftSaysNothingOfAnUnknownOutcome() async throws {
        let session = try await FaultSession()
        session.server.stop()
        let result = try await session.run(["book", "1"])
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("may or may not"), "stderr: \(result.stderr)")
    }

    static let unauthenticated = Data(#"{"errors":[{"message":"You must be logged in.","extensions":{"code":"UNAUTHENTICATED"}}],"data":null}"#.utf8)

    @Test(arguments: [["details", "1", "--force-reload"], ["launches"], ["query"]])
    func anAnonymousUserIsToldToLogInNotThatASessionEnded(_ command: [String]) async throws {
        let session = try await FaultSession(prepared: false)
        session.server.behaviour = .respond(status: 200, body: Self.unauthenticated)
        let result = try await Self.run(session, command)
        #expect(result.status == 77, "stderr: \(result.stderr)")
        FaultExpectations.expectPlainMessage(result.stderr)
        #expect(!result.stderr.contains("no longer valid"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("not logged in"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("login <email>"), "stderr: \(result.stderr)")
    }

    @Test(arguments: [["details", "1", "--force-reload"], ["launches"], ["query"], ["book", "1"], ["trips"]])
    func aLoggedInUserIsToldTheSessionEnded(_ command: [String]) async throws {
        let session = try await FaultSession()
        session.server.behaviour = .respond(status: 200, body: Self.unauthenticated)
        let result = try await Self.run(session, command)
        #expect(result.status == 77, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("no longer valid"), "stderr: \(result.stderr)")
    }

    // MARK: Helpers

    /// Runs `command`; `query` gets a small document from a file in the session's home.
    static func run(_ session: FaultSession, _ command: [String]) async throws -> ProcessResult {
        guard command == ["query"] else { return try await session.run(command) }
        let document = session.home.url.appendingPathComponent("Launch.graphql")
        try Data(#"query Launch { launch(id: "1") { id site } }"#.utf8).write(to: document)
        return try await session.run(["query", document.path])
    }

    /// Removes the cache folder, so that nothing can be answered from it.
    static func forgetCache(_ session: FaultSession) async throws {
        let cache = session.home.url.appendingPathComponent("cache")
        if FileManager.default.fileExists(atPath: cache.path) { try FileManager.default.removeItem(at: cache) }
    }
}
