#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// A file the user names (a CA bundle, say), read whole: symbolic links are followed, as
    /// for any file a user points at, but the open never blocks (`O_NONBLOCK`, so a FIFO
    /// without a writer cannot hang it) and only a regular file of at most `limit` bytes is
    /// read, judged on the open descriptor (`fstat`), so nothing can be swapped in between.
    ///
    /// - Returns: The bytes, or `nil` when nothing is at the path.
    /// - Throws: A damage ``Failure`` ("it is a FIFO, not a regular file", "it is larger than…")
    ///   for anything else at the path, or the failed call's.
    package static func readNamed(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        try refuseNonRegular(path)
        guard let file = try openRegularFile(path, followingLinks: true, limit: limit) else { return nil }
        defer { close(file.descriptor) }
        return try readOpened(file, limit: limit)
    }

    /// Whether a regular file of at most `limit` bytes is at `path` (links followed, never
    /// blocking); `false` when nothing is there.
    /// - Throws: A damage ``Failure`` for anything else at the path, or the failed call's.
    package static func isNamedRegularFile(_ path: String, limit: Int) throws(Failure) -> Bool {
        try refuseNonRegular(path)
        guard let file = try openRegularFile(path, followingLinks: true, limit: limit) else { return false }
        close(file.descriptor)
        return true
    }

    /// Refuses a path that already looks like something other than a regular file, so a device
    /// is never even opened (the open descriptor is judged again after).
    private static func refuseNonRegular(_ path: String) throws(Failure) {
        var info = stat()
        if stat(path, &info) == 0, let kind = nonRegularKind(info) { throw Failure(damage: "it is \(kind), not a regular file") }
    }
}
