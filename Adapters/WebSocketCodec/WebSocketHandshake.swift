#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Digests
import Transport

/// The opening handshake (RFC 6455 §4.1): the upgrade request, and the checks on the server's
/// answer that make it a WebSocket.
package struct WebSocketHandshake {
    /// The GUID RFC 6455 appends to the key before hashing.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Key`: 16 random bytes in base64.
    package let key: String
    package let subprotocols: [String]

    package init(subprotocols: [String], key: String? = nil) {
        var generator = SystemRandomNumberGenerator()
        self.key = key ?? Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
        self.subprotocols = subprotocols
    }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with.
    package static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }

    /// Whether `name` is an HTTP token (RFC 9110 §5.6.2), as a subprotocol must be.
    package static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (0x21...0x7E).contains(byte) && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
        }
    }

    /// Header names the handshake writes itself, which a caller's headers never replace.
    static let reservedNames = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol",
        "sec-websocket-extensions", "sec-websocket-accept", "content-length", "transfer-encoding", "proxy-authorization",
    ]

    /// The GET request for `url` with `host` (unbracketed), then the caller's headers.
    package func requestHead(url: URL, host: String, headers: [(name: String, value: String)]) -> Data {
        var path = url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        if let query = url.query(percentEncoded: true) { path += "?" + query }
        var hostHeader = host.contains(":") ? "[\(host)]" : host
        if let port = url.port { hostHeader += ":\(port)" }
        var text = "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        text += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if !subprotocols.isEmpty { text += "Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))\r\n" }
        for (name, value) in headers where Self.isToken(name) && !Self.reservedNames.contains(where: { name.caseInsensitiveEquals($0) }) {
            // A header value must not end the line early. Filtered as bytes: "\r\n" is one
            // Character, which a filter on the Characters "\r" and "\n" lets through.
            text += "\(name): " + String(decoding: value.utf8.filter { $0 != 13 && $0 != 10 }, as: UTF8.self) + "\r\n"
        }
        return Data((text + "\r\n").utf8)
    }

    /// Checks the server's answer, given as its status and a lookup of its header fields by
    /// name (any case); the subprotocol it picked, if any.
    package func verify(status: Int, header: (String) -> String?) throws -> String? {
        guard status == 101 else { throw WebSocketError(.handshakeRefused(status: status)) }
        guard Self.tokens(header("upgrade")).contains("websocket") else {
            throw WebSocketError(.handshakeInvalid("the answer does not upgrade to websocket"))
        }
        guard Self.tokens(header("connection")).contains("upgrade") else {
            throw WebSocketError(.handshakeInvalid("the answer's Connection header does not say upgrade"))
        }
        guard header("sec-websocket-accept")?.trimmingHTTPWhitespace == Self.accept(for: key) else {
            throw WebSocketError(.handshakeInvalid("Sec-WebSocket-Accept does not match the key sent"))
        }
        if let extensions = header("sec-websocket-extensions"), !extensions.trimmingHTTPWhitespace.isEmpty {
            throw WebSocketError(.handshakeInvalid("the server uses an extension the client did not offer"))
        }
        guard let chosen = header("sec-websocket-protocol")?.trimmingHTTPWhitespace, !chosen.isEmpty else { return nil }
        guard subprotocols.contains(chosen) else {
            throw WebSocketError(.handshakeInvalid("the server picked a subprotocol the client did not offer"))
        }
        return chosen
    }

    /// The comma-separated tokens of a header value, lowercased.
    private static func tokens(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { $0.trimmingHTTPWhitespace.lowercased() }
    }
}
