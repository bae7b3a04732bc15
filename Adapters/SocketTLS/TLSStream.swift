#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketSystem
import SocketEventLoop
#if canImport(Glibc)
import Glibc
#endif

/// TLS over a non-blocking ``SocketConnection``: OpenSSL's calls are retried after the socket
/// becomes readable or writable (`SSL_ERROR_WANT_READ`/`WANT_WRITE`), the task suspended on
/// the ``EventLoop`` meanwhile, so no wait spins or holds a thread, and the deadline and
/// cancellation hold during the handshake too. Every call that may write runs with `SIGPIPE`
/// suppressed (``PipeSignal``).
///
/// ``handshake(over:context:host:)`` returns only once the server's certificate has been
/// verified; nothing of the request is written before.
package final class TLSStream: PollableByteStream, @unchecked Sendable {
    private let library: OpenSSL
    package let ssl: OpaquePointer
    package private(set) var socket: SocketConnection
    // Keeps the context alive as long as the connection; a kept session is bound to its trust.
    package let context: TLSContext

    private init(context: TLSContext, ssl: OpaquePointer, socket: SocketConnection) {
        self.library = context.library
        self.context = context
        self.ssl = ssl
        self.socket = socket
    }

    deinit { library.free(ssl) }

    /// Waits until `deadline` from now on: the next request over a kept-alive connection.
    package func rebind(deadline: ContinuousClock.Instant) {
        socket.deadline = deadline
    }

    /// Runs the client handshake for `host` (a DNS name, or an IP address without brackets),
    /// resuming `session` (an earlier connection's to the same origin) when the server agrees.
    package static func handshake(over socket: SocketConnection, context: TLSContext, host: String, resuming session: TLSSession? = nil) async throws -> TLSStream {
        let library = context.library
        guard let ssl = library.new(context.pointer) else {
            throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library could not start a connection"))
        }
        let stream = TLSStream(context: context, ssl: ssl, socket: socket)
        library.errorClear()
        guard library.setDescriptor(ssl, socket.descriptor) == 1 else {
            throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library could not use the socket"))
        }
        if HostAddress.isIPLiteral(host) {
            // No SNI for addresses (RFC 6066); the certificate must list the address itself.
            guard let parameters = library.verifyParameters(ssl), library.setIPAddress(parameters, host) == 1 else {
                throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library could not check the address \(host)"))
            }
        } else {
            // Never a name with an empty label: OpenSSL reads `.example.com` as any subdomain.
            guard HostAddress.isValid(host) else {
                throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library could not check the name \(host)"))
            }
            let named = HostAddress.certificateName(host).withCString { name in
                library.control(ssl, 55 /* SSL_CTRL_SET_TLSEXT_HOSTNAME */, 0, UnsafeMutableRawPointer(mutating: name)) == 1
                    && library.setHost(ssl, name) == 1
            }
            guard named else { throw HTTPTransportError(.tlsUnavailable(reason: "the TLS library could not check the name \(host)")) }
        }
        // The client's Finished and the request go out as two records back to back: without
        // TCP_NODELAY, Nagle holds the request until the Finished is acknowledged.
        var noDelay: Int32 = 1
        _ = setsockopt(socket.descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        session?.offer(to: ssl)
        // A goodbye (`close_notify`) instead of the server's half of the handshake: the
        // connection ended before it was secured.
        guard try await stream.retrying(during: .handshake, { library.connect(ssl) }) > 0 else {
            throw HTTPTransportError(.connectionLost)
        }
        // A resumed session skips the certificate exchange: its certificate, kept with it, must
        // still name this host, as the full handshake's check did.
        if session != nil, TLSSession.wasResumed(ssl), TLSSessionCodec.shared?.peerNames(ssl, host: host) != true {
            throw resumedNameFailure(host)
        }
        return stream
    }

    /// The failure of a resumed session whose certificate does not name `host`.
    package static func resumedNameFailure(_ host: String) -> HTTPTransportError {
        HTTPTransportError(.tlsCertificate(reason: "the server's certificate is for another host (a resumed session's certificate does not name \(host))"))
    }

    package func receive(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        let count = Int32(clamping: buffer.count)
        return Int(try await retrying(during: .transfer) { library.read(ssl, buffer.baseAddress, count) })
    }

    /// The socket the stream runs on.
    package var descriptor: Int32 { socket.descriptor }

    /// When a wait for the socket gives up: the socket's deadline.
    package var deadline: ContinuousClock.Instant { socket.deadline }

    /// Moves the deadline later waits honour (an open WebSocket has none).
    package func moveDeadline(to deadline: ContinuousClock.Instant) {
        socket.deadline = deadline
    }

    /// What OpenSSL can give now without waiting for more of a record: `nil` when it needs more
    /// bytes from the socket, 0 at a clean end (`close_notify`).
    package func receiveAvailable(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int? {
        errno = 0
        let result = PipeSignal.suppressed { library.read(ssl, buffer.baseAddress, Int32(clamping: buffer.count)) }
        if result > 0 { return Int(result) }
        let code = library.getError(ssl, result)
        switch code {
        case 2: return nil  // SSL_ERROR_WANT_READ
        case 6: return 0  // SSL_ERROR_ZERO_RETURN
        case 3:
            // SSL_ERROR_WANT_WRITE (a key update's answer): wait for room, then read as usual.
            _ = try await EventLoop.current.wait(for: .writable(socket.descriptor), until: socket.deadline)
            return try await receiveAvailable(into: buffer)
        default: throw TLSFailure.error(code: code, errno: errno, phase: .transfer, ssl: ssl, library: library)
        }
    }

    /// Writes all of `bytes` if the socket takes them now; else says what to wait for, and the
    /// same bytes must come again (see ``PollableByteStream/sendAvailable(_:)``).
    package func sendAvailable(_ bytes: UnsafeRawBufferPointer) throws -> WriteProgress {
        errno = 0
        let result = PipeSignal.suppressed { library.write(ssl, bytes.baseAddress, Int32(clamping: bytes.count)) }
        if result > 0 { return .wrote(Int(result)) }
        let code = library.getError(ssl, result)
        switch code {
        case 2: return .needsReadable  // SSL_ERROR_WANT_READ
        case 3: return .needsWritable  // SSL_ERROR_WANT_WRITE
        // The server said goodbye (`close_notify`): nothing can be written any more.
        case 6: throw HTTPTransportError(.connectionLost)
        default: throw TLSFailure.error(code: code, errno: errno, phase: .transfer, ssl: ssl, library: library)
        }
    }

    /// Writes `bytes` as far as the socket takes them now; the rest is dropped (see
    /// ``PollableByteStream/sendIfRoom(_:)``).
    package func sendIfRoom(_ bytes: Data) {
        _ = PipeSignal.suppressed {
            bytes.withUnsafeBytes { buffer in library.write(ssl, buffer.baseAddress, Int32(clamping: buffer.count)) }
        }
        library.errorClear()
    }

    /// Sends `close_notify` if the socket takes it at once, then frees nothing: `deinit` does.
    package func close() {
        _ = PipeSignal.suppressed { library.shutdown(ssl) }
        library.errorClear()
    }

    package enum Phase { case handshake, transfer }

    /// Calls `operation` until it succeeds, waiting on the socket as OpenSSL asks; a clean
    /// end of stream (`close_notify`) returns 0.
    private func retrying(during phase: Phase, _ operation: () -> Int32) async throws -> Int32 {
        while true {
            errno = 0
            let result = PipeSignal.suppressed(operation)
            if result > 0 { return result }
            let code = library.getError(ssl, result)
            switch code {
            case 2: _ = try await EventLoop.current.wait(for: .readable(socket.descriptor), until: socket.deadline)
            case 3: _ = try await EventLoop.current.wait(for: .writable(socket.descriptor), until: socket.deadline)
            case 6: return 0  // SSL_ERROR_ZERO_RETURN
            default: throw TLSFailure.error(code: code, errno: errno, phase: phase, ssl: ssl, library: library)
            }
        }
    }
}

extension TLSStream {
    /// Sends `close_notify` if it can go at once (see ``PollableByteStream/finish()``).
    package func finish() { close() }
}
