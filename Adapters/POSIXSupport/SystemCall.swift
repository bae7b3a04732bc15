import Glibc

/// The one retrying system-call helper every adapter uses (the files, the keychain, standard
/// output, the sockets): a call interrupted by a signal (`EINTR`) is made again; a call on a
/// full or empty non-blocking descriptor (`EAGAIN`/`EWOULDBLOCK`) waits as its caller says,
/// then is made again; a write or read of many bytes loops until it is done.
package enum SystemCall {
    /// Why ``readToEnd(_:limit:sizeHint:)`` stopped.
    package enum ReadFailure: Error, Equatable {
        /// More than the limit arrived.
        case tooLarge
        /// `read(2)` failed with this `errno`.
        case failed(Int32)
    }

    /// What `call` returns once it is not interrupted: non-negative on success, negative with
    /// `errno` set on failure. When it would block, `waitUntilReady` waits (or throws) before
    /// the next try; without it, that is a failure like any other.
    package static func repeating<Result: BinaryInteger, Failure: Error>(
        whenWouldBlock waitUntilReady: (() throws(Failure) -> Void)?, _ call: () -> Result
    ) throws(Failure) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK, let waitUntilReady else { return result }
            try waitUntilReady()
        }
    }

    /// What `call` returns once it is not interrupted (for blocking calls: `flock`, `read`…).
    package static func repeating<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        repeating(whenWouldBlock: nil as (() throws(Never) -> Void)?, call)
    }

    /// Writes every byte of `bytes` through `write` (`write(2)`, `send(2)`…), each call made as
    /// ``repeating(whenWouldBlock:_:)`` says: `nil` once all is written, else the failed call's
    /// `errno` (`EIO` for a call that wrote nothing, which would otherwise be made for ever).
    package static func writeAll<Failure: Error>(
        _ bytes: UnsafeRawBufferPointer, whenWouldBlock waitUntilReady: (() throws(Failure) -> Void)?,
        _ write: (UnsafeRawPointer, Int) -> Int
    ) throws(Failure) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = try repeating(whenWouldBlock: waitUntilReady) { write(base + offset, bytes.count - offset) }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// Writes every byte of `bytes` through `write` to a blocking descriptor: `nil` once all is
    /// written, else the failed call's `errno`.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, _ write: (UnsafeRawPointer, Int) -> Int) -> Int32? {
        writeAll(bytes, whenWouldBlock: nil as (() throws(Never) -> Void)?, write)
    }

    /// Writes every byte of `bytes` to the blocking `descriptor` with `write(2)`.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer in writeAll(buffer) { write(descriptor, $0, $1) } }
    }

    /// Writes every byte of `bytes` at the start of the file `descriptor` with `pwrite(2)`,
    /// overwriting what is there (the file keeps its inode, and so its hard links).
    package static func overwriteAll(_ bytes: [UInt8], at descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            return writeAll(buffer) { pwrite(descriptor, $0, $1, off_t(base.distance(to: $0))) }
        }
    }

    /// Every byte up to the end of the (blocking) file, at most `limit` of them: one byte past
    /// the limit is read to tell a file that grew too large. `sizeHint` (the size `fstat` gave)
    /// sizes the first buffer.
    package static func readToEnd(_ descriptor: Int32, limit: Int, sizeHint: Int = 0) throws(ReadFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(max(0, sizeHint), limit) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { throw .tooLarge }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let count = repeating {
                bytes.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled) }
            }
            if count < 0 { throw .failed(errno) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
