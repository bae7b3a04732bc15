import Foundation
import Testing
import TestSupport

/// A command that sends several requests sends them over one kept-alive connection.
@Suite("Connection reuse", .timeLimit(.minutes(5)))
struct ConnectionReuseTests {
    /// Five pages of three launches each, chained by their cursors.
    private static func pages(token: String) -> FaultServerBehaviour {
        .decide { request in
            guard request.graphQLQuery.contains("launches(") else {
                return .respond(status: 200, body: FaultServerTutorial.answer(to: request, token: token))
            }
            let page = (request.graphQLVariables["cursor"] as? String).flatMap(Int.init) ?? 0
            let items = (1...3).map { index in
                let id = page * 3 + index
                return #"{"__typename":"Launch","id":"\#(id)","site":"X","mission":{"__typename":"Mission","name":"M\#(id)","missionPatch":"https://p.invalid/\#(id).png"}}"#
            }
            let body = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"\#(page + 1)","hasMore":\#(page < 4),"launches":[\#(items.joined(separator: ","))]}}}"#
            return .respond(status: 200, body: Data(body.utf8))
        }
    }

    @Test(arguments: [false, true])
    func launchesAllUsesOneConnection(overTLS: Bool) async throws {
        let session = try await FaultSession(https: overTLS)
        session.server.behaviour = Self.pages(token: session.token)
        let result = try await session.run(["launches", "--all", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = session.server.requests.filter { $0.graphQLQuery.contains("launches(") }
        #expect(pages.count == 5)
        #expect(session.server.connectionCount == 1)
        if let front = session.front { #expect(front.handshakes == 1) }
    }
}
