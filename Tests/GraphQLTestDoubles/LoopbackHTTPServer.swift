import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, on a port the system picks, for tests of the real
/// transports: it answers every request with one canned answer, or never answers.
public final class LoopbackHTTPServer: Sendable {
    public enum Behaviour: Sendable {
        /// A whole answer with `Content-Length`.
        case respond(status: Int, body: String)
        /// Exactly these bytes, then the connection is closed.
        case raw(Data)
        /// These bytes, then the connection is reset (RST).
        case resetAfter(Data)
        /// Reads the request and never answers.
        case neverAnswer
        /// The first piece at once, each next one once `gate` lets it go, then the connection is closed.
        case paced([Data], gate: PacedGate)
    }

    public struct StartFailure: Error {}

    public let port: Int
    private let listener: Int32
    private struct State {
        var requests: [String] = []
        var heldConnections: [Int32] = []
        var stopped = false
        var serving = true
    }

    private let state = Mutex(State())

    public init(_ behaviour: Behaviour) throws {
        let (listener, port) = try Self.listen()
        self.listener = listener
        self.port = port
        let thread = Thread { [self] in serve(behaviour) }
        thread.start()
    }

    /// The raw text of every request received so far.
    public var requests: [String] { state.withLock { $0.requests } }

    /// Stops accepting and closes the connections held open. While the serving thread runs, the
    /// listening socket is only shut down here and that thread closes it once its `accept`
    /// fails, so that it never calls `accept` on a descriptor number another test has opened since.
    public func stop() {
        let held = state.withLock { state -> [Int32] in
            guard !state.stopped else { return [] }
            state.stopped = true
            if state.serving { shutdown(listener, Int32(SHUT_RDWR)) } else { close(listener) }
            defer { state.heldConnections = [] }
            return state.heldConnections
        }
        for connection in held { close(connection) }
    }

    /// A loopback port nothing listens on: bound by the system and kept bound, never listening,
    /// for the rest of the run (one descriptor per call), so that no server another test starts
    /// meanwhile can be given the port; connections to it are refused.
    public static func closedPort() throws -> Int {
        let (descriptor, port) = try bind()
        _ = descriptor
        return port
    }

    private static func listen() throws -> (Int32, Int) {
        let (descriptor, port) = try bind()
        #if canImport(Glibc)
        let listening = Glibc.listen(descriptor, 16) == 0
        #else
        let listening = Darwin.listen(descriptor, 16) == 0
        #endif
        guard listening else {
            close(descriptor)
            throw StartFailure()
        }
        return (descriptor, port)
    }

    /// A TCP socket bound to 127.0.0.1 at a port the system picks, and that port.
    private static func bind() throws -> (Int32, Int) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw StartFailure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                systemBind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw StartFailure()
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func serve(_ behaviour: Behaviour) {
        defer {
            state.withLock { state in
                state.serving = false
                if state.stopped { close(listener) }
            }
        }
        while true {
            let connection = Self.acceptCloseOnExec(listener)
            if connection < 0, errno == EINTR || errno == ECONNABORTED { continue }
            guard connection >= 0 else { return }
            let request = Self.readRequest(connection)
            state.withLock { $0.requests.append(request) }
            switch behaviour {
            case .respond(let status, let body):
                let head = "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
                let bytes = Array((head + body).utf8)
                Self.sendAll(bytes, to: connection)
                close(connection)
            case .raw(let data):
                Self.sendAll(Array(data), to: connection)
                close(connection)
            case .resetAfter(let data):
                Self.sendAll(Array(data), to: connection)
                #if canImport(Glibc)
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                #else
                var linger = Darwin.linger(l_onoff: 1, l_linger: 0)
                #endif
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout.size(ofValue: linger)))
                close(connection)
            case .paced(let pieces, let gate):
                for (index, piece) in pieces.enumerated() {
                    if index > 0 { gate.waitForRelease() }
                    Self.sendAll(Array(piece), to: connection)
                }
                close(connection)
            case .neverAnswer:
                let stopped = state.withLock { state in
                    if !state.stopped { state.heldConnections.append(connection) }
                    return state.stopped
                }
                if stopped { close(connection) }
            }
        }
    }

    #if canImport(Glibc)
    private typealias Accept4 = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
    /// `accept4(2)`, looked up at run time because Glibc's module map hides it.
    private static let accept4: Accept4? = dlsym(nil, "accept4").map { unsafeBitCast($0, to: Accept4.self) }
    #endif

    /// Accepts a connection that is close-on-exec from the start, so that a child process the
    /// tests launch meanwhile cannot inherit it and keep it open after the server closed it.
    private static func acceptCloseOnExec(_ listener: Int32) -> Int32 {
        #if canImport(Glibc)
        if let accept4 { return accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue)) }
        #endif
        let connection = accept(listener, nil, nil)
        if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
        return connection
    }

    private static func systemBind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.bind(descriptor, address, length)
        #else
        Darwin.bind(descriptor, address, length)
        #endif
    }

    private static func sendAll(_ bytes: [UInt8], to connection: Int32) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Reads the head and, per `Content-Length`, the body of one request.
    private static func readRequest(_ connection: Int32) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
            let head = text[..<headEnd.lowerBound].lowercased()
            let length = head.split(separator: "\r\n")
                .first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.count - text.utf8.distance(from: text.startIndex, to: headEnd.upperBound) >= length { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
