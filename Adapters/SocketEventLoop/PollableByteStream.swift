#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import POSIXSupport
#if canImport(Glibc)
import Glibc
#endif

/// A ``ByteStream`` that can also be read and written without waiting (a plain socket, or TLS
/// on one), so that a WebSocket's I/O task waits in one place (the ``EventLoop``) for either
/// the server or its own wake-up (a message to send, a close).
package protocol PollableByteStream: ByteStream {
    /// The socket the stream runs on, polled for readability.
    var descriptor: Int32 { get }
    /// When a wait for the socket gives up (``send(_:)``'s waits honour it).
    var deadline: ContinuousClock.Instant { get }
    /// What can be read now: `nil` when nothing has arrived (or only part of a TLS record), 0
    /// when the peer ended the stream.
    func receiveAvailable(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int?
    /// Writes what the socket takes now from `bytes` (never empty), without waiting, so that the
    /// I/O task can go on reading while a large frame goes out.
    ///
    /// After ``WriteProgress/needsWritable`` or ``WriteProgress/needsReadable``,
    /// a TLS stream must be given the same bytes again (OpenSSL's retry rule); it writes all or nothing.
    func sendAvailable(_ bytes: UnsafeRawBufferPointer) throws -> WriteProgress
    /// Writes `bytes` if the socket takes them now, without waiting (a last close frame
    /// before the connection is dropped); what does not fit is dropped.
    func sendIfRoom(_ bytes: Data)
    /// Releases the stream's resources (a TLS goodbye, if it can go at once); the socket
    /// itself is closed by its owner.
    func finish()
}

extension SocketConnection: PollableByteStream {
    package func receiveAvailable(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int? {
        let count = SystemCall.repeating { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
        throw Self.error(errno)
    }

    package func finish() {}

    package func sendIfRoom(_ bytes: Data) {
        _ = bytes.withUnsafeBytes { buffer in
            Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
    }

    /// The same connection with another deadline for its waits.
    package func with(deadline: ContinuousClock.Instant) -> SocketConnection {
        SocketConnection(descriptor: descriptor, deadline: deadline)
    }
}
