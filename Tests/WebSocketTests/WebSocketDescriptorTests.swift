import Foundation
import SocketTransport
import Testing
import TestSupport

/// An open WebSocket costs the process one descriptor, its socket: its I/O task is woken through
/// the event loop's one wake-up pair, never a socket pair of its own.
@Suite(
    .timeLimit(.minutes(5)),
    .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build --package-path Server")
)
struct WebSocketDescriptorTests {
    @Test func openingAWebSocketAddsExactlyOneDescriptor() async throws {
        // The server runs in a process of its own: only the client's descriptors are in this one.
        let server = try await ReferenceServer()
        defer { server.stop() }
        let url = try #require(URL(string: "ws://127.0.0.1:\(server.port)/graphql"))
        let client = WebSocketClient()
        // A first connection opens what a process opens once (the event loops' descriptors).
        let first = try await client.connect(to: url, subprotocols: ["graphql-transport-ws"])
        await first.close()
        // Tests running meanwhile can only add descriptors that were not there before (one
        // closed and opened again under its number is another file), never hide one: the
        // fewest added over a few openings are the WebSocket's own.
        var fewest: Set<String>?
        for _ in 0..<5 {
            let before = OpenDescriptors.all
            let connection = try await client.connect(to: url, subprotocols: ["graphql-transport-ws"])
            let added = OpenDescriptors.all.subtracting(before)
            await connection.close()
            #expect(connection.isClosed)
            if added.count < fewest?.count ?? .max { fewest = added }
        }
        #expect(fewest?.count == 1, "a WebSocket added \(fewest ?? [])")
        #expect(fewest?.first?.contains("socket:[") == true)
    }
}
