import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal in-process WebSocket echo server on 127.0.0.1 (a port the kernel picks): one
/// thread per connection, blocking sockets, each frame sent back unmasked as it came. Enough
/// for the benchmark's in-process peer; not a server to build on.
final class EchoServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = fd >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard ok else { throw BenchError("could not listen on 127.0.0.1") }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var noDelay: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            Thread.detachNewThread { Self.serve(connection) }
        }
    }

    private static func serve(_ fd: Int32) {
        defer { close(fd) }
        var reader = Reader(fd: fd)
        guard let head = reader.head(), let keyLine = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("sec-websocket-key:") }) else {
            return
        }
        let key = keyLine.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        let accept = BenchSHA1.acceptKey(key)
        writeAll(fd, Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8))
        while let first = reader.take(2) {
            var length = Int(first[1] & 0x7F)
            if length == 126 { length = reader.take(2).map { Int($0[0]) << 8 | Int($0[1]) } ?? 0 }
            if length == 127 { length = reader.take(8).map { $0.reduce(0) { $0 << 8 | Int($1) } } ?? 0 }
            let mask = first[1] & 0x80 != 0 ? reader.take(4) ?? [0, 0, 0, 0] : [0, 0, 0, 0]
            guard var payload = reader.take(length) else { return }
            for index in payload.indices { payload[index] ^= mask[index & 3] }
            var frame: [UInt8] = [first[0]]
            if length < 126 {
                frame.append(UInt8(length))
            } else if length <= 0xFFFF {
                frame += [126, UInt8(length >> 8), UInt8(length & 0xFF)]
            } else {
                frame.append(127)
                for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: length >> shift)) }
            }
            writeAll(fd, frame + payload)
            if first[0] & 0x0F == 8 { return }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Buffered blocking reads.
    private struct Reader {
        let fd: Int32
        var buffer: [UInt8] = []
        var start = 0

        mutating func fill() -> Bool {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 256 * 1024)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }

        mutating func take(_ count: Int) -> [UInt8]? {
            while buffer.count - start < count { guard fill() else { return nil } }
            defer { start += count }
            return Array(buffer[start..<(start + count)])
        }

        mutating func head() -> String? {
            while true {
                if let end = buffer.indices.dropLast(3).first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10 }) {
                    defer { start = end + 4 }
                    return String(decoding: buffer[0..<end], as: UTF8.self)
                }
                guard fill() else { return nil }
            }
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
