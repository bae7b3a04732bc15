#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import POSIXSupport
import SocketSystem
import HostNames
#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking TCP connection whose every wait, on the ``EventLoop``, honours a deadline and
/// the task's cancellation.
///
/// A kept-alive connection serves one request after another: each exchange sets its own
/// deadline (``ConnectionPool``).
package struct SocketConnection: Sendable {
    package let descriptor: Int32
    package var deadline: ContinuousClock.Instant

    /// Resolves `host` and connects to the first address that accepts.
    ///
    /// Names under `.invalid` (RFC 6761) fail at once as ``HTTPTransportError/Kind/hostUnreachable``.
    package static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) async throws -> SocketConnection {
        if HostName.isInvalid(host) { throw HTTPTransportError(.hostUnreachable) }
        let addresses = try await HostResolver.resolve(host, port: port)
        var failure = HTTPTransportError(.hostUnreachable)
        for address in addresses {
            do {
                return try await connect(to: address, deadline: deadline)
            } catch let error as HTTPTransportError where error.kind != .timedOut {
                // A refusal beats "unreachable" (for example ::1 without IPv6, then 127.0.0.1 refusing).
                if failure.kind == .hostUnreachable || error.kind == .connectionRefused { failure = error }
            }
        }
        throw failure
    }

    private static func connect(to address: ResolvedAddress, deadline: ContinuousClock.Instant) async throws -> SocketConnection {
        let type = address.type | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let descriptor = socket(address.family, type, address.protocol)
        guard descriptor >= 0 else { throw error(errno) }
        let connection = SocketConnection(descriptor: descriptor, deadline: deadline)
        do {
            let connected = address.address.withUnsafeBytes { bytes in
                Glibc.connect(descriptor, bytes.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
            }
            if connected != 0 {
                guard errno == EINPROGRESS || errno == EINTR else { throw error(errno) }
                _ = try await EventLoop.current.wait(for: .writable(descriptor), until: deadline)
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

    /// Writes what the socket takes now from `bytes`, without waiting: the count written, or
    /// ``WriteProgress/needsWritable`` when the socket is full.
    package func sendAvailable(_ bytes: UnsafeRawBufferPointer) throws -> WriteProgress {
        let written = SystemCall.repeating {
            Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        }
        if written >= 0 { return .wrote(written) }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .needsWritable }
        throw Self.error(errno)
    }

    /// Receives up to `buffer.count` bytes, waiting on the loop until some arrive; 0 means the
    /// peer closed the connection.
    ///
    /// The buffer is the caller's and must stay valid across the wait (it is only touched
    /// before and after it, on the caller's task).
    package func receive(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        while true {
            let count = SystemCall.repeating { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
            if count >= 0 { return count }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK else { throw Self.error(code) }
            _ = try await EventLoop.current.wait(for: .readable(descriptor), until: deadline)
        }
    }

    /// Whether the idle connection can carry another request: the peer has not closed it, reset
    /// it or sent anything unasked (a kept-alive connection is silent between answers). Looks
    /// without waiting.
    package var isReusable: Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 1, 0)
        return ready == 0 && descriptors[0].revents == 0
    }

    package func close() {
        _ = Glibc.close(descriptor)
    }

    /// The transport failure kind for a socket `errno`.
    package static func error(_ code: Int32) -> HTTPTransportError {
        switch code {
        case ECONNREFUSED: HTTPTransportError(.connectionRefused)
        case ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL, EAFNOSUPPORT, ENETDOWN: HTTPTransportError(.hostUnreachable)
        case ECONNRESET, EPIPE, ECONNABORTED, ENOTCONN: HTTPTransportError(.connectionLost)
        case ETIMEDOUT: HTTPTransportError(.timedOut)
        default: HTTPTransportError(.system(errno: code))
        }
    }
}
