#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import POSIXSupport

/// The files of one SQLite cache: the database, its write-ahead log and shared-memory index,
/// the lock file that orders mutations, where a damaged database is moved, and an old
/// `.rrcache` file to import.
///
/// Files are created owner-only (0600, in a 0700 folder), and no path is followed through a
/// symbolic link: something other than a regular file at the database's path is damage,
/// moved aside like a damaged database.
struct CacheDatabaseFiles: Sendable {
    /// The database file.
    let path: String
    /// A cache file of the earlier whole-file format, imported on first use and then removed.
    let legacyPath: String?

    var lockPath: String { path + ".lock" }
    var damagedPath: String { path + ".damaged" }
    private var companions: [String] { [path + "-wal", path + "-shm", path + "-journal"] }
    private var folder: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    var databaseExists: Bool { Self.kind(path) != nil }
    var legacyExists: Bool { legacyPath.map { Self.kind($0) != nil } ?? false }

    /// The bytes the database and its write-ahead log take on disk.
    var bytesOnDisk: Int { Self.size(path) + Self.size(path + "-wal") }

    /// Makes the folder and an empty owner-only database file when there is none.
    /// - Returns: why something that was there was moved aside (a symlink, a folder, …), or `nil`.
    func prepare() throws(FileIO.Failure) -> String? {
        var moved: String?
        var info = stat()
        if lstat(path, &info) == 0 {
            // A database file is there (every command after the first): its folder is too.
            guard let kind = FileIO.nonRegularKind(info) else { return nil }
            try moveAside()
            moved = "it was \(kind), not a file"
        }
        if !folder.isEmpty { try FileIO.createFolder(folder) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw FileIO.Failure("create")
        }
        return moved
    }

    /// Renames the database to ``damagedPath`` (replacing an earlier one) and deletes its log
    /// and index, which belong to it: the next open starts an empty database.
    func moveAside() throws(FileIO.Failure) {
        if Self.kind(damagedPath) != nil { try FileIO.remove(damagedPath) }
        guard rename(path, damagedPath) == 0 || errno == ENOENT else { throw FileIO.Failure("rename") }
        for companion in companions { try FileIO.remove(companion) }
    }

    /// Deletes every file of the cache (a missing one is not an error), holding the lock file
    /// so that a mutation in progress in another process finishes first.
    func removeAll() throws(CacheRemovalError) {
        let everything = [path, damagedPath] + companions + (legacyPath.map { [$0, $0 + ".lock"] + FileIO.temporaryFiles(of: $0) } ?? [])
        guard everything.contains(where: { Self.kind($0) != nil }) || Self.kind(lockPath) != nil else { return }
        do {
            try FileIO.withExclusiveLock(lockPath, onDamage: { _ in }) {
                for file in everything { try FileIO.remove(file) }
                try FileIO.remove(lockPath)
            }
        } catch {
            throw CacheRemovalError(path: path, reason: "\(error)")
        }
    }

    /// Holds the lock file's `flock` (polled every 5 ms, so that cancelling the task ends the
    /// wait). When the lock file cannot be made (a read-only folder, a folder in its place),
    /// says why through `onFailure` and goes on without it.
    func beginExclusiveAccess(onDamage: @escaping (String) -> Void, onFailure: (String) -> Void) async throws -> Int32? {
        while true {
            let attempt: Int32?
            do {
                if !folder.isEmpty { try FileIO.createFolder(folder) }
                attempt = try FileIO.tryExclusiveLock(lockPath, onDamage: onDamage)
            } catch {
                onFailure("\(error)")
                return nil
            }
            if let descriptor = attempt { return descriptor }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The file type bits of what is at `path` (never following a link), or `nil` when nothing is.
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    private static func size(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(info.st_size)
    }
}
