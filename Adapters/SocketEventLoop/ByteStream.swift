#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A connected byte stream an HTTP exchange runs over: a plain socket or TLS on top of one.
///
/// Both calls suspend the task (never block a thread) while the socket is not ready, waiting
/// on the ``EventLoop``; they honour the stream's deadline and the task's cancellation, and
/// throw ``HTTPTransportError`` (or `CancellationError`).
package protocol ByteStream: Sendable {
    /// Sends every byte of `bytes`.
    func send(_ bytes: Data) async throws
    /// Receives up to `buffer.count` bytes; 0 means the peer ended the stream.
    func receive(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int
}

extension SocketConnection: ByteStream {}
