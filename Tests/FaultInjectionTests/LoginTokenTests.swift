import Foundation
import Testing
import TestSupport

/// `login` stores only a token it can send back: 1 to 16 KiB of visible ASCII. Anything else
/// is an answer not understood (76), and the previous login stays.
@Suite("Login token validation", .timeLimit(.minutes(5)))
struct LoginTokenTests {
    /// A login answer carrying `token`, for every other operation the tutorial's answers.
    static func server(answering token: String, tutorialToken: String) -> FaultServerBehaviour {
        .decide { request in
            guard request.graphQLQuery.contains("login") else {
                return .respond(status: 200, body: FaultServerTutorial.answer(to: request, token: tutorialToken))
            }
            let answer: [String: Any] = ["data": ["login": ["__typename": "User", "id": "u2", "email": "b@example.com", "token": token]]]
            return .respond(status: 200, body: (try? JSONSerialization.data(withJSONObject: answer)) ?? Data())
        }
    }

    static let badTokens: [String] = [
        "line\r\nInjected: header", "nul\u{0}byte", "tab\tinside", "with space", "bell\u{7}", "escape\u{1B}[2J",
        "caf\u{E9}", "emoji\u{1F680}", "del\u{7F}", String(repeating: "a", count: 16 * 1024 + 1),
        String(repeating: "b", count: 10_000_000),
    ]

    @Test(arguments: badTokens.indices)
    func aMalformedTokenIsRefusedAndThePreviousLoginKept(_ index: Int) async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        session.server.behaviour = Self.server(answering: Self.badTokens[index], tutorialToken: session.token)

        let result = try await session.run(["login", "b@example.com"])
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        #expect(result.stderr.contains("answer to Login was not understood"), "stderr: \(result.stderr)")

        let trips = try await session.run(["trips", "--json"])
        #expect(trips.status == 0, "the previous login no longer works: exit \(trips.status): \(trips.stderr)")
    }

    @Test func aTokenOfExactly16KiBOfVisibleASCIIIsAccepted() async throws {
        let session = try await FaultSession()
        let token = String((0..<16 * 1024).map { Character(UnicodeScalar(UInt8(0x21 + $0 % 94))) })
        session.server.behaviour = Self.server(answering: token, tutorialToken: session.token)
        let result = try await session.run(["login", "b@example.com"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(session.credentialFiles(session.home.snapshot()).values.contains { $0.count > 16 * 1024 })
    }
}
