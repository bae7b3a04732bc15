import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// A WebSocket server for one connection on 127.0.0.1 (a port the kernel picks), written with
/// raw sockets so that it can break every rule: the test gives it a script that reads the
/// client's handshake and frames and writes whatever bytes it likes.
///
/// The script runs on a thread of its own, off the Swift concurrency pool; its reads give up
/// after 20 seconds (so a client that hangs fails the test instead of hanging it).
final class WebSocketTestPeer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let host: String

    /// Listens on 127.0.0.1, or on ::1 with `ipv6` (throws where IPv6 is unavailable); with
    /// `socketBufferBytes`, the connection's send and receive buffers are that small, so that a
    /// test can fill them with a few messages.
    init(ipv6: Bool = false, socketBufferBytes: Int32? = nil) throws {
        guard let listening = try? LoopbackSocket.listen(ipv6: ipv6, backlog: 8, bufferBytes: socketBufferBytes) else {
            throw PeerError("could not listen on loopback")
        }
        listener = listening.descriptor
        port = listening.port
        host = ipv6 ? "[::1]" : "127.0.0.1"
    }

    deinit { close(listener) }

    /// `ws://127.0.0.1:PORT/` (or `ws://[::1]:PORT/`) + `path`.
    func url(_ path: String = "socket") -> URL {
        URL(string: "ws://\(host):\(port)/\(path)")!
    }

    /// Accepts one connection and runs `script` on it (then closes it), on a thread of its own.
    func serve<Result: Sendable>(_ script: @escaping @Sendable (PeerConnection) throws -> Result) -> PeerRun<Result> {
        let run = PeerRun<Result>()
        let listener = self.listener
        Thread.detachNewThread {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20_000) == 1 else {
                run.finish(.failure(PeerError("no client connected")))
                return
            }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                run.finish(.failure(PeerError("accept failed")))
                return
            }
            let connection = PeerConnection(fd: fd)
            defer { connection.close() }
            run.finish(Swift.Result { try script(connection) })
        }
        return run
    }
}

/// What a peer's script returned (or threw), awaited by the test.
final class PeerRun<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?
    private var waiter: CheckedContinuation<Value, any Error>?

    func finish(_ outcome: Result<Value, any Error>) {
        lock.lock()
        result = outcome
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(with: outcome)
    }

    /// The script's result, once it has ended.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if let result {
                    lock.unlock()
                    continuation.resume(with: result)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        }
    }
}

/// A failure of the peer's own (a client that never came, a read that timed out).
struct PeerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One frame as the peer read it from the client.
struct ClientFrame: Equatable {
    var fin: Bool
    var opcode: UInt8
    var payload: [UInt8]
    /// The masking key, `nil` when the client did not mask (a violation).
    var mask: [UInt8]?

    /// A close frame's code, when it has one.
    var closeCode: UInt16? {
        opcode == 8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
    }

    var text: String { String(decoding: payload, as: UTF8.self) }
}

/// The peer's side of one connection: blocking reads with a 20-second limit, writes of any bytes.
final class PeerConnection: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(fd: Int32) {
        self.fd = fd
        var limit = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    func close() {
        guard !closed else { return }
        closed = true
        _ = Glibc.close(fd)
    }

    /// Reads more bytes into the buffer; `false` at the end of the stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count < 0 {
            if errno == EINTR { return try fill() }
            if errno == ECONNRESET { return false }
            throw PeerError("read failed or timed out (errno \(errno))")
        }
        buffer.append(contentsOf: chunk[0..<count])
        return count > 0
    }

    private func take(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw PeerError("the client ended the stream") }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[0..<count])
    }

    /// The client's request head, parsed: the request line and the header fields in order.
    func readRequest() throws -> (line: String, headers: [(String, String)]) {
        while true {
            if let end = buffer.indices.dropLast(3).first(where: { buffer[$0..<($0 + 4)] == [13, 10, 13, 10] }) {
                let text = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                var lines = text.components(separatedBy: "\r\n")
                let line = lines.removeFirst()
                let headers = lines.map { field -> (String, String) in
                    let parts = field.split(separator: ":", maxSplits: 1)
                    return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
                }
                return (line, headers)
            }
            guard try fill() else { throw PeerError("the client ended the stream before its request") }
        }
    }

    /// Reads the request and answers 101 with the right accept key (or `accept`), the
    /// subprotocol `protocol`, and `extra` header lines; the request's headers.
    @discardableResult
    func acceptUpgrade(accept: String? = nil, subprotocol: String? = nil, extra: [String] = [], thenSend: [UInt8] = []) throws
        -> [(String, String)]
    {
        let request = try readRequest()
        let key = request.headers.first { $0.0.lowercased() == "sec-websocket-key" }?.1 ?? ""
        var answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        answer += "Sec-WebSocket-Accept: \(accept ?? Self.accept(for: key))\r\n"
        if let subprotocol { answer += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        for line in extra { answer += line + "\r\n" }
        send(Array((answer + "\r\n").utf8) + thenSend)
        return request.headers
    }

    /// RFC 6455's accept value, computed with the system's `sha1sum`-free reference: libcrypto.
    static func accept(for key: String) -> String {
        ReferenceSHA1.base64Digest(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")
    }

    /// Writes every byte (ignoring a client that already left).
    func send(_ bytes: [UInt8]) {
        _ = trySend(bytes)
    }

    /// Writes every byte; `false` when the client left (or 20 seconds passed without room).
    func trySend(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Writes one frame, unmasked unless `mask` is given, with any header bits.
    func sendFrame(_ opcode: UInt8, _ payload: [UInt8] = [], fin: Bool = true, rsv: UInt8 = 0, mask: [UInt8]? = nil) {
        send(Self.frame(opcode, payload, fin: fin, rsv: rsv, mask: mask))
    }

    static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, mask: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
        }
        if let mask {
            bytes += mask
            bytes += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        } else {
            bytes += payload
        }
        return bytes
    }

    /// A close frame's payload.
    static func closePayload(_ code: UInt16, _ reason: String = "") -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8)
    }

    /// Reads the client's next frame, unmasked.
    func readFrame() throws -> ClientFrame {
        let head = try take(2)
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            let bytes = try take(2)
            length = Int(bytes[0]) << 8 | Int(bytes[1])
        } else if length == 127 {
            length = try take(8).reduce(0) { $0 << 8 | Int($1) }
        }
        let mask = head[1] & 0x80 != 0 ? try take(4) : nil
        var payload = try take(length)
        if let mask {
            payload.withUnsafeMutableBufferPointer { bytes in
                for index in bytes.indices { bytes[index] ^= mask[index & 3] }
            }
        }
        return ClientFrame(fin: head[0] & 0x80 != 0, opcode: head[0] & 0x0F, payload: payload, mask: mask)
    }

    /// Reads frames until one with `opcode` (others are skipped).
    func readFrame(opcode: UInt8) throws -> ClientFrame {
        while true {
            let frame = try readFrame()
            if frame.opcode == opcode { return frame }
        }
    }

    /// Waits (at most 20 seconds) until the client's bytes have arrived, without reading them.
    func waitUntilReadable() -> Bool {
        guard buffer.isEmpty else { return true }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 20_000) == 1
    }

    /// Whether the client ends the stream (or resets it), discarding anything before.
    func seesEndOfStream() throws -> Bool {
        buffer = []
        while try fill() { buffer = [] }
        return true
    }
}
