import Foundation
import GraphQLClientFixtures
import GraphQLTestDoubles
import SocketTransport
import Synchronization
import Testing
import Transport

/// ``SocketHTTPSession/send(_:once:)`` connects while `ready` runs elsewhere and writes nothing of
/// the request before `ready` has returned.
@Suite(.timeLimit(.minutes(5)))
struct SendGateTests {
    @Test func nothingIsWrittenBeforeReadyReturns() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: "{}"))
        defer { server.stop() }
        let request = HTTPRequest(
            url: try #require(URL(string: "http://127.0.0.1:\(server.port)/graphql")), method: "POST", body: Data("{}".utf8), timeout: .seconds(20)
        )
        let witness = HTTPSendWitness()
        let seen = Mutex<[HTTPSendWitness.State]>([])
        let response = try await HTTPSendWitness.$current.withValue(witness) {
            try await SocketHTTPSession().send(request, once: { seen.withLock { $0.append(witness.state) } })
        }
        #expect(response.statusCode == 200)
        // Called once, when the session had reported and not yet begun to write.
        #expect(seen.withLock { $0 } == [.notSent])
        #expect(witness.state == .mayHaveSent)
        #expect(server.requests.count == 1)
    }
}
