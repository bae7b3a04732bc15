import Foundation
import SocketRouting
@testable import SocketTransport
import Testing

/// As curl: a proxy written without a port is reached on 1080; a written port is kept.
@Suite(.timeLimit(.minutes(5)))
struct ProxyTunnelPortTests {
    @Test func aProxyWithoutAPortIsReachedOn1080() throws {
        let bareURL = try #require(URL(string: "http://proxy.invalid"))
        let bare = try #require(ProxyTunnel(bareURL))
        #expect(bare.port == 1080)
        #expect(bare.origin == "http://proxy.invalid:1080")
        let writtenURL = try #require(URL(string: "http://u:p@proxy.invalid:3128"))
        let written = try #require(ProxyTunnel(writtenURL))
        #expect(written.port == 3128)
        #expect(!written.origin.contains("u:p"))
    }
}
