import Foundation
import HTTPSeam
import POSIXSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking TCP connection whose every wait honours a deadline and a ``BlockingCall``'s
/// cancellation.
///
/// A kept-alive connection serves one request after another: each exchange sets its own call
/// and deadline (``ConnectionPool``).
struct SocketConnection {
    let descriptor: Int32
    var call: BlockingCall
    var deadline: ContinuousClock.Instant

    /// Resolves `host` and connects to the first address that accepts.
    ///
    /// Names under `.invalid` (RFC 6761) fail at once as ``HTTPTransportError/Kind/hostUnreachable``.
    static func connect(host: String, port: Int, call: BlockingCall, deadline: ContinuousClock.Instant) throws -> SocketConnection {
        let lowered = host.lowercased()
        if lowered == "invalid" || lowered.hasSuffix(".invalid") || lowered.hasSuffix(".invalid.") {
            throw HTTPTransportError(.hostUnreachable)
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPTransportError(status == EAI_SYSTEM ? .other(code: -Int(errno)) : .hostUnreachable)
        }
        defer { freeaddrinfo(first) }
        var failure = HTTPTransportError(.hostUnreachable)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            do {
                return try connect(to: address.pointee, call: call, deadline: deadline)
            } catch let error as HTTPTransportError where error.kind != .timedOut {
                // A refusal beats "unreachable" (for example ::1 without IPv6, then 127.0.0.1 refusing).
                if failure.kind == .hostUnreachable || error.kind == .connectionRefused { failure = error }
            }
        }
        throw failure
    }

    private static func connect(to address: addrinfo, call: BlockingCall, deadline: ContinuousClock.Instant) throws -> SocketConnection {
        #if canImport(Glibc)
        let type = address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        #else
        let type = address.ai_socktype
        #endif
        let descriptor = socket(address.ai_family, type, address.ai_protocol)
        guard descriptor >= 0 else { throw error(errno) }
        let connection = SocketConnection(descriptor: descriptor, call: call, deadline: deadline)
        do {
            #if canImport(Glibc)
            let connected = Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen)
            #else
            let connected = Darwin.connect(descriptor, address.ai_addr, address.ai_addrlen)
            #endif
            if connected != 0 {
                guard errno == EINPROGRESS || errno == EINTR else { throw error(errno) }
                _ = try call.wait(for: descriptor, events: Int16(POLLOUT), until: deadline)
                var code: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { throw error(errno) }
                if code != 0 { throw error(code) }
            }
            return connection
        } catch {
            connection.close()
            throw error
        }
    }

    /// Sends every byte of `bytes`.
    func send(_ bytes: Data) throws {
        let failure = try bytes.withUnsafeBytes { buffer in
            try SystemCall.writeAll(buffer, whenWouldBlock: { _ = try call.wait(for: descriptor, events: Int16(POLLOUT), until: deadline) }) {
                #if canImport(Glibc)
                Glibc.send(descriptor, $0, $1, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, $0, $1, 0)
                #endif
            }
        }
        if let failure { throw Self.error(failure) }
    }

    /// Receives up to `buffer.count` bytes; 0 means the peer closed the connection.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try SystemCall.repeating(whenWouldBlock: { _ = try call.wait(for: descriptor, events: Int16(POLLIN), until: deadline) }) {
            recv(descriptor, buffer.baseAddress, buffer.count, 0)
        }
        guard count >= 0 else { throw Self.error(errno) }
        return count
    }

    /// Whether the idle connection can carry another request: the peer has not closed it, reset
    /// it or sent anything unasked (a kept-alive connection is silent between answers). Looks
    /// without waiting.
    var isReusable: Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 1, 0)
        return ready == 0 && descriptors[0].revents == 0
    }

    func close() {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// The transport failure kind for a socket `errno`.
    static func error(_ code: Int32) -> HTTPTransportError {
        switch code {
        case ECONNREFUSED: HTTPTransportError(.connectionRefused)
        case ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL, EAFNOSUPPORT, ENETDOWN: HTTPTransportError(.hostUnreachable)
        case ECONNRESET, EPIPE, ECONNABORTED, ENOTCONN: HTTPTransportError(.connectionLost)
        case ETIMEDOUT: HTTPTransportError(.timedOut)
        default: HTTPTransportError(.other(code: -Int(code)))
        }
    }
}
