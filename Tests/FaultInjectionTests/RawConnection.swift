import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client socket to 127.0.0.1 for checking the ``FaultServer`` byte by byte.
final class RawConnection {
    /// Nothing listens on the port.
    struct Refused: Error {}
    /// How the server ended the connection.
    enum Ending: Equatable { case orderly, reset, other(Int32) }

    private let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        // Not closed here: a class whose initialiser throws once every property is set still
        // runs its deinit, which closes `fd`. Closing it here too closed, in parallel runs,
        // whatever another test had opened under the same number meanwhile.
        guard connected else { throw Refused() }
    }

    deinit { close(fd) }

    func send(_ data: Data) {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let sent = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = Darwin.send(fd, base + offset, raw.count - offset, 0)
                #endif
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    /// Sends `request` and reads one answer whose head announces a `Content-Length`.
    func exchange(_ request: Data) throws -> String {
        send(request)
        var received = Data()
        while true {
            let (chunk, _) = readSome()
            if chunk.isEmpty { break }
            received.append(chunk)
            let text = String(decoding: received, as: UTF8.self)
            if let headEnd = text.range(of: "\r\n\r\n"),
               let lengthText = text.components(separatedBy: "Content-Length: ").dropFirst().first?.prefix(while: \.isNumber),
               let length = Int(lengthText),
               text[headEnd.upperBound...].utf8.count >= length {
                return text
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One `recv`: the bytes (empty at the end) and, at the end, how it ended.
    func readSome() -> (Data, Ending?) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &buffer, buffer.count, 0)
        if count > 0 { return (Data(buffer[0..<count]), nil) }
        if count == 0 { return (Data(), .orderly) }
        return (Data(), errno == ECONNRESET ? .reset : .other(errno))
    }

    /// Everything until the server closes, and how it closed.
    func readUntilClosed() -> (Data, Ending) {
        var received = Data()
        while true {
            let (chunk, ending) = readSome()
            if let ending { return (received, ending) }
            received.append(chunk)
        }
    }
}
