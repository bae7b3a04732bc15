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
        // Tests running meanwhile open descriptors too, never close one of this connection. So
        // the descriptors counted are the new ones that could be a WebSocket's: a TCP socket
        // connected to this server (only this test talks to it), or a Unix-domain socket (what
        // a socket pair of its own would be; another test may open one meanwhile, hence the
        // fewest over a few openings).
        var fewest: (tcp: [String], unix: [String])?
        for _ in 0..<5 {
            let before = OpenDescriptors.all
            let connection = try await client.connect(to: url, subprotocols: ["graphql-transport-ws"])
            let added = OpenDescriptors.all.subtracting(before)
            let (tcp, unix) = (OpenDescriptors.tcpSocketInodes(toPort: server.port), OpenDescriptors.unixSocketInodes)
            let own = (
                tcp: added.filter { OpenDescriptors.socketInode(in: $0).map(tcp.contains) ?? false }.sorted(),
                unix: added.filter { OpenDescriptors.socketInode(in: $0).map(unix.contains) ?? false }.sorted()
            )
            await connection.close()
            #expect(connection.isClosed)
            if own.tcp.count + own.unix.count < fewest.map({ $0.tcp.count + $0.unix.count }) ?? .max { fewest = own }
            if own.tcp.count + own.unix.count <= 1 { break }
        }
        // One descriptor: the connection's socket.
        #expect(fewest?.tcp.count == 1, "a WebSocket added the TCP sockets \(fewest?.tcp ?? [])")
        #expect(fewest?.unix.count == 0, "a WebSocket added the Unix-domain sockets \(fewest?.unix ?? [])")
    }
}
