import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// A WebSocket server for one connection on 127.0.0.1 (a port the kernel picks), written with
/// raw sockets so that it can break every rule: the test gives it a script that reads the
/// client's handshake and frames and writes whatever bytes it likes.
///
/// The script runs on a thread of its own, off the Swift concurrency pool. Its waits (for the
/// client to connect, for bytes, for room to write) have no deadline of their own: a client
/// that is late on a busy machine is still served. They end when the test ends (the peer is
/// released) or when the task awaiting ``PeerRun/value`` is cancelled, as a suite's
/// `.timeLimit` does, so a client that hangs fails the test at its time limit instead of
/// hanging the run. (A peer that gave up after 20 seconds left tests waiting for ever on what
/// only its script would have signalled, with the late client's connection never accepted.)
final class WebSocketTestPeer: @unchecked Sendable {
    let port: UInt16
    private let listener: PeerDescriptor
    private let stop = PeerStop()
    private let host: String

    /// Listens on 127.0.0.1, or on ::1 with `ipv6` (throws where IPv6 is unavailable); with
    /// `socketBufferBytes`, the connection's send and receive buffers are that small, so that a
    /// test can fill them with a few messages.
    init(ipv6: Bool = false, socketBufferBytes: Int32? = nil) throws {
        guard let listening = try? LoopbackSocket.listen(ipv6: ipv6, backlog: 8, bufferBytes: socketBufferBytes) else {
            throw PeerError("could not listen on loopback")
        }
        listener = PeerDescriptor(listening.descriptor)
        port = listening.port
        host = ipv6 ? "[::1]" : "127.0.0.1"
    }

    /// Whether a socket can listen on ::1 here (the IPv6 tests are skipped where it cannot).
    static let hasIPv6Loopback: Bool = {
        guard let listening = try? LoopbackSocket.listen(ipv6: true, backlog: 1) else { return false }
        _ = PeerDescriptor(listening.descriptor)
        return true
    }()

    /// Ends every wait of the script; the descriptors close once nothing uses them.
    deinit { stop.signal() }

    /// `ws://127.0.0.1:PORT/` (or `ws://[::1]:PORT/`) + `path`.
    func url(_ path: String = "socket") -> URL {
        URL(string: "ws://\(host):\(port)/\(path)")!
    }

    /// Accepts one connection and runs `script` on it (then ends it), on a thread of its own.
    func serve<Result: Sendable>(_ script: @escaping @Sendable (PeerConnection) throws -> Result) -> PeerRun<Result> {
        let run = PeerRun<Result>(stop: stop)
        let (listener, stop) = (self.listener, self.stop)
        Thread.detachNewThread {
            guard stop.wait(for: Int16(POLLIN), on: listener.fd) else {
                run.finish(.failure(PeerError("the test ended before a client connected")))
                return
            }
            // Close-on-exec before any launch can see it: a child another test launches must not
            // inherit the connection and keep it open after the script ends it.
            let fd = ProcessLaunch.acceptCloseOnExec(listener.fd)
            guard fd >= 0 else {
                run.finish(.failure(PeerError("accept failed (errno \(errno))")))
                return
            }
            let connection = PeerConnection(fd: fd, stop: stop)
            defer { connection.close() }
            run.finish(Swift.Result { try script(connection) })
        }
        return run
    }
}

/// A descriptor closed once, when the last of the peer, its thread and its connection lets go
/// of it: no thread ever uses a number that was closed and handed to another test meanwhile.
final class PeerDescriptor: Sendable {
    let fd: Int32
    init(_ fd: Int32) { self.fd = fd }
    deinit { _ = Glibc.close(fd) }
}

/// The end of a peer's waits: a socket pair that becomes readable, for good, once the test has
/// ended (or stopped waiting for the script).
final class PeerStop: Sendable {
    private let read: Int32
    private let write: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        read = ends[0]
        write = ends[1]
    }

    deinit {
        _ = Glibc.close(read)
        _ = Glibc.close(write)
    }

    /// Ends every wait, now and later.
    func signal() {
        var byte: UInt8 = 1
        _ = Glibc.send(write, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    }

    /// Waits, with no deadline, until `fd` is ready for `events` (or has failed or hung up):
    /// `true`; `false` once ``signal()`` was called.
    func wait(for events: Int16, on fd: Int32) -> Bool {
        var descriptors = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: read, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if descriptors[1].revents != 0 || ready < 0 { return false }
            if descriptors[0].revents != 0 { return true }
        }
    }
}

/// What a peer's script returned (or threw), awaited by the test.
final class PeerRun<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let stop: PeerStop
    private var result: Result<Value, any Error>?
    private var waiter: CheckedContinuation<Value, any Error>?

    init(stop: PeerStop) { self.stop = stop }

    func finish(_ outcome: Result<Value, any Error>) {
        lock.lock()
        guard result == nil else { return lock.unlock() }
        result = outcome
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(with: outcome)
    }

    /// The script's result, once it has ended. Cancelling the waiting task (a suite's time
    /// limit does) throws `CancellationError` at once and ends the script's waits.
    var value: Value {
        get async throws {
            try await withTaskCancellationHandler {
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
            } onCancel: {
                stop.signal()
                finish(.failure(CancellationError()))
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

/// The peer's side of one connection: reads and writes that wait, with no deadline of their
/// own, until the test ends (see ``WebSocketTestPeer``); writes of any bytes.
final class PeerConnection: @unchecked Sendable {
    private let descriptor: PeerDescriptor
    private let stop: PeerStop
    private var buffer: [UInt8] = []
    private var fd: Int32 { descriptor.fd }

    init(fd: Int32, stop: PeerStop) {
        descriptor = PeerDescriptor(fd)
        self.stop = stop
    }

    /// Ends the connection (the client sees the end of the stream); the descriptor itself
    /// closes once no thread holds the connection.
    func close() {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Reads more bytes into the buffer; `false` at the end of the stream.
    private func fill() throws -> Bool {
        guard stop.wait(for: Int16(POLLIN), on: fd) else { throw PeerError("the test ended while the peer waited to read") }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return try fill() }
            if errno == ECONNRESET { return false }
            throw PeerError("read failed (errno \(errno))")
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

    /// Writes every byte; `false` when the client left (or the test ended first).
    func trySend(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard stop.wait(for: Int16(POLLOUT), on: fd) else { return false }
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
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

    /// Waits until the client's bytes have arrived, without reading them; `false` when the test ended first.
    func waitUntilReadable() -> Bool {
        guard buffer.isEmpty else { return true }
        return stop.wait(for: Int16(POLLIN), on: fd)
    }

    /// Whether the client ends the stream (or resets it), discarding anything before.
    func seesEndOfStream() throws -> Bool {
        buffer = []
        while try fill() { buffer = [] }
        return true
    }
}
