#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one loop that sends a whole buffer, for plain sockets and TLS alike.
extension PollableByteStream {
    /// Sends every byte of `bytes`, waiting on the ``EventLoop`` (until ``deadline``) whenever the
    /// stream cannot take more: for room in the socket, or, with TLS, for the peer's bytes first.
    ///
    /// After a wait the same bytes go again, as OpenSSL's retry rule asks: the count moves only
    /// when a write succeeds.
    package func send(_ bytes: Data) async throws {
        var sent = 0
        while sent < bytes.count {
            let start = sent
            switch try bytes.withUnsafeBytes({ try sendAvailable(UnsafeRawBufferPointer(rebasing: $0[start...])) }) {
            case .wrote(let count): sent += count
            case .needsWritable: _ = try await EventLoop.current.wait(for: .writable(descriptor), until: deadline)
            case .needsReadable: _ = try await EventLoop.current.wait(for: .readable(descriptor), until: deadline)
            }
        }
    }
}
