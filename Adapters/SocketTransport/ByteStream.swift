import Foundation

/// A connected byte stream an HTTP exchange runs over: a plain socket or TLS on top of one.
///
/// Both calls block the calling (non-pool) thread, honour the stream's deadline and its
/// ``BlockingCall``'s cancellation, and throw ``HTTPTransportError`` (or `CancellationError`).
protocol ByteStream {
    /// Sends every byte of `bytes`.
    func send(_ bytes: Data) throws
    /// Receives up to `buffer.count` bytes; 0 means the peer ended the stream.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension SocketConnection: ByteStream {}
