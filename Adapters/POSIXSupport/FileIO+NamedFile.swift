import Glibc

extension FileIO {
    /// The largest CA file read or accepted: 16 MiB (a full system bundle is about 200 KiB).
    /// The CLI's check of a named CA file and the TLS client's read of it hold the same limit.
    package static let maximumCAFileSize = 16 << 20

    /// A file the user names (a CA bundle, say), read whole: symbolic links are followed, as
    /// for any file a user points at, but the open never blocks (`O_NONBLOCK`, so a FIFO
    /// without a writer cannot hang it) and only a regular file of at most `limit` bytes is
    /// read, judged on the open descriptor (`fstat`), so nothing can be swapped in between.
    ///
    /// - Returns: The bytes, or `nil` when nothing is at the path.
    /// - Throws: A damage ``Failure`` ("it is a FIFO, not a regular file", "it is larger than…")
    ///   for anything else at the path, or the failed call's.
    package static func readNamed(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        guard let file = try openNamedFile(path, limit: limit) else { return nil }
        defer { close(file.descriptor) }
        return try readOpened(file, limit: limit)
    }

    /// Whether a regular file of at most `limit` bytes is at `path` (links followed, never
    /// blocking); `false` when nothing is there.
    /// - Throws: A damage ``Failure`` for anything else at the path, or the failed call's.
    package static func isNamedRegularFile(_ path: String, limit: Int) throws(Failure) -> Bool {
        guard let file = try openNamedFile(path, limit: limit) else { return false }
        close(file.descriptor)
        return true
    }

    /// Opens a file the user names, as ``readNamed(_:limit:)`` reads it, with the reason it
    /// cannot be used as a value (for callers that word it their own way): what is at the path
    /// is looked at first (`stat`), so a device is never even opened, then judged again on the
    /// open descriptor, which nothing can swap.
    /// - Returns: The descriptor (the caller closes it) and the size, or `nil` when nothing is there.
    package static func openNamed(_ path: String, limit: Int) throws(RegularFileProblem) -> (descriptor: Int32, size: Int)? {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG { throw .notRegular(info.st_mode & S_IFMT) }
        return try openRegular(path, followingLinks: true, limit: limit)
    }

    private static func openNamedFile(_ path: String, limit: Int) throws(Failure) -> (descriptor: Int32, size: Int)? {
        do {
            return try openNamed(path, limit: limit)
        } catch {
            throw Failure(error, limit: limit)
        }
    }
}
