#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketSystem
import SocketEventLoop

/// The proxy side of a request: where to connect, the credentials to present, and the
/// `CONNECT` exchange that opens a tunnel for https.
package struct ProxyTunnel: Sendable {
    package let host: String
    package let port: Int
    /// `Basic …` from the proxy URL's `user:password@`, never shown anywhere.
    package let authorization: String?
    /// `http://host:port`, safe to put in a message.
    package let origin: String

    package init?(_ url: URL) {
        guard let rawHost = url.host, let written = url.host(percentEncoded: true), !rawHost.isEmpty,
              HostAddress.isValid(HostAddress.unbracketed(written))
        else { return nil }
        guard url.port.map({ (1...65_535).contains($0) }) ?? true else { return nil }
        host = HostAddress.unbracketed(rawHost)
        port = url.port ?? 1080  // curl's default for a proxy without a port
        origin = "http://" + HostAddress.authority(host: host, port: port)
        if let user = url.user(percentEncoded: false) {
            let password = url.password(percentEncoded: false) ?? ""
            authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
    }

    /// The failure for anything that goes wrong talking to the proxy.
    package func failure(_ reason: String) -> HTTPTransportError {
        HTTPTransportError(.proxyFailed(proxy: origin, reason: reason))
    }

    /// Connects to the proxy; a refusal or an unknown name names the proxy.
    package func connect(deadline: ContinuousClock.Instant) async throws -> SocketConnection {
        do {
            return try await SocketConnection.connect(host: host, port: port, deadline: deadline)
        } catch let error as HTTPTransportError where error.kind == .connectionRefused || error.kind == .hostUnreachable {
            throw failure(error.kind == .connectionRefused ? "it refused the connection" : "it could not be reached")
        }
    }

    /// A socket to `host:port`: to `proxy` when there is one (the caller then opens a tunnel
    /// or speaks to it in absolute form), else straight to the host.
    package static func connect(
        to host: String, port: Int, via proxy: ProxyTunnel?, deadline: ContinuousClock.Instant
    ) async throws -> SocketConnection {
        if let proxy { return try await proxy.connect(deadline: deadline) }
        return try await SocketConnection.connect(host: host, port: port, deadline: deadline)
    }

    /// Asks the proxy for a tunnel to `host:port` and reads its answer; only a 2xx opens it.
    package func openTunnel(over socket: SocketConnection, to host: String, port: Int) async throws {
        let authority = HostAddress.authority(host: host, port: port)
        var head = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let authorization { head += "Proxy-Authorization: \(authorization)\r\n" }
        head += "\r\n"
        try await socket.send(Data(head.utf8))
        // Byte by byte up to the blank line, so nothing of the TLS stream that follows is consumed.
        var answer: [UInt8] = []
        let byte = ReceiveBuffer(capacity: 1)
        while !answer.ends(with: [13, 10, 13, 10]) && !answer.ends(with: [10, 10]) {
            guard answer.count < 16_384 else { throw failure("its answer to CONNECT is too long") }
            let count = try await socket.receive(into: byte.bytes)
            guard count == 1 else { throw failure("it closed the connection instead of opening a tunnel") }
            answer.append(byte.bytes[0])
        }
        let statusLine = String(decoding: answer.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].utf8.count == 3,
              parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let status = Int(parts[1])
        else {
            throw failure("its answer to CONNECT is not HTTP")
        }
        guard (200..<300).contains(status) else { throw failure("it answered CONNECT with HTTP \(status)") }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
