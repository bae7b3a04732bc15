import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP proxy test double on 127.0.0.1: opens `CONNECT` tunnels and forwards absolute-form
/// requests, to loopback ports only, and records every byte clients sent it (what a proxy
/// sees in clear) and each request head.
public final class ConnectProxy: @unchecked Sendable {
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public let url: String
    private let listener: LoopbackListener
    private let state = NSLock()
    private var bytes = Data()
    private var heads: [String] = []

    /// Starts listening; with `refuseWith`, every request is answered with that status instead.
    public init(refuseWith status: Int? = nil) throws {
        listener = try LoopbackListener(ipv6: false)
        port = listener.port
        url = "http://127.0.0.1:\(port)"
        let wake = listener.wakeRead
        listener.start { [self] fd in serve(fd, wake: wake, refusal: status) }
    }

    deinit { listener.stop() }

    public func stop() { listener.stop() }

    /// Every byte clients sent, in arrival order.
    public var received: Data { state.withLock { bytes } }

    /// The request heads (request line and headers), one per connection.
    public var requestHeads: [String] { state.withLock { heads } }

    private func record(_ data: Data) { state.withLock { bytes.append(data) } }

    private func serve(_ fd: Int32, wake: Int32, refusal: Int?) {
        defer { close(fd) }
        var head = Data()
        let end = Data("\r\n\r\n".utf8)
        while head.range(of: end) == nil {
            guard head.count < 65_536, let more = FaultServerSocket.receive(fd, wake: wake) else { return }
            record(more)
            head.append(more)
        }
        guard let range = head.range(of: end) else { return }
        let text = String(decoding: head[..<range.lowerBound], as: UTF8.self)
        state.withLock { heads.append(text) }
        let words = text.split(separator: "\r\n").first?.split(separator: " ") ?? []
        if let refusal {
            FaultServerSocket.sendAll(Data("HTTP/1.1 \(refusal) Refused\r\nContent-Length: 0\r\n\r\n".utf8), to: fd, wake: wake)
            return
        }
        guard words.count == 3, let port = Self.loopbackPort(words[0] == "CONNECT" ? "//" + words[1] : words[1]) else {
            FaultServerSocket.sendAll(Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8), to: fd, wake: wake)
            return
        }
        let target = LoopbackListener.connectToLoopback(port: port)
        guard target >= 0 else {
            FaultServerSocket.sendAll(Data("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n".utf8), to: fd, wake: wake)
            return
        }
        defer { close(target) }
        if words[0] == "CONNECT" {
            guard FaultServerSocket.sendAll(Data("HTTP/1.1 200 Connection established\r\n\r\n".utf8), to: fd, wake: wake),
                  FaultServerSocket.sendAll(head[range.upperBound...], to: target, wake: wake) else { return }
        } else {
            guard FaultServerSocket.sendAll(head, to: target, wake: wake) else { return }
        }
        Self.relay(fd, target, wake: wake) { [self] in record($0) }
    }

    /// The port of `//host:port…` or `http://host:port/…` when the host is loopback.
    private static func loopbackPort(_ target: Substring) -> UInt16? {
        guard let url = URLComponents(string: String(target)), let host = url.host, let port = url.port,
              ["127.0.0.1", "localhost", "localhost.", "::1", "[::1]"].contains(host) else { return nil }
        return UInt16(exactly: port)
    }

    /// Copies bytes both ways, recording the client's, until either side ends.
    static func relay(_ client: Int32, _ target: Int32, wake: Int32, record: (Data) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: target, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 3, -1) < 0 { if errno == EINTR { continue } else { return } }
            if fds[2].revents != 0 { return }
            for (from, to, isClient) in [(client, target, true), (target, client, false)] where fds[isClient ? 0 : 1].revents != 0 {
                let count = recv(from, &buffer, buffer.count, 0)
                if count <= 0 {
                    if count < 0, errno == EAGAIN || errno == EINTR { continue }
                    return
                }
                let data = Data(buffer[0..<count])
                if isClient { record(data) }
                guard FaultServerSocket.sendAll(data, to: to, wake: wake) else { return }
            }
        }
    }
}
