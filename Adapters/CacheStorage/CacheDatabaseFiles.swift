import Glibc
import POSIXSupport

/// The files of one SQLite cache: the database, its write-ahead log and shared-memory index,
/// the lock file that orders mutations, where a damaged database is moved, and an old
/// `.rrcache` file to import.
///
/// Files are created owner-only (0600, in a 0700 folder). The database and the files SQLite
/// keeps beside it (`-wal`, `-shm`, `-journal`) are one thing: when any of them is something
/// other than a regular file (a symlink, FIFO, socket, device or folder), the whole set is
/// moved aside like a damaged database (``moveAside()``), never followed nor opened. Symbolic
/// links in the folders above the database are followed (``openablePath()``), as git and the
/// `sqlite3` shell follow them.
package struct CacheDatabaseFiles: Sendable {
    /// The database file.
    let path: String
    /// A cache file of the earlier whole-file format, imported on first use and then removed.
    let legacyPath: String?

    package init(path: String, legacyPath: String?) {
        self.path = path
        self.legacyPath = legacyPath
    }

    var lockPath: String { path + ".lock" }
    var damagedPath: String { path + ".damaged" }
    /// The endings of the files SQLite keeps beside the database, which belong to it.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]
    private var companions: [String] { Self.companionSuffixes.map { path + $0 } }
    private var folder: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    var databaseExists: Bool { Self.kind(path) != nil }
    var legacyExists: Bool { legacyPath.map { Self.kind($0) != nil } ?? false }

    /// The bytes the database and its write-ahead log take on disk.
    var bytesOnDisk: Int { Self.size(path) + Self.size(path + "-wal") }

    /// What ``prepare()`` found and did.
    struct Preparation {
        /// Why the set of files was moved aside (a symlink, a FIFO beside it…), or `nil`.
        var damage: String?
        /// The empty database file this call created (device and inode), or `nil` when one was there.
        var created: (device: UInt64, inode: UInt64)?
    }

    /// Moves a damaged set of files aside (``damage()``), then makes the folder and an empty
    /// owner-only database file when there is none.
    func prepare() throws(FileIO.Failure) -> Preparation {
        var preparation = Preparation()
        if let damage = damage() {
            try moveAside()
            preparation.damage = damage
        } else if Self.kind(path) != nil {
            // A database file is there (every command after the first): its folder is too.
            return preparation
        }
        if !folder.isEmpty { try FileIO.createFolder(folder) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            var info = stat()
            if fstat(descriptor, &info) == 0 { preparation.created = (UInt64(info.st_dev), UInt64(info.st_ino)) }
            close(descriptor)
        } else if errno != EEXIST {
            throw FileIO.Failure("create")
        }
        return preparation
    }

    /// Why the set of files cannot be used as it is: the first of the database and its
    /// companions that is something other than a regular file, in a phrase; `nil` when each
    /// is a regular file or absent.
    func damage() -> String? {
        var info = stat()
        if lstat(path, &info) == 0, let kind = FileIO.nonRegularKind(info) { return "it was \(kind), not a file" }
        for suffix in Self.companionSuffixes {
            if lstat(path + suffix, &info) == 0, let kind = FileIO.nonRegularKind(info) {
                return "its \(suffix) file was \(kind), not a file"
            }
        }
        return nil
    }

    /// The path to give SQLite: ``path`` with the symbolic links of its folders resolved, so
    /// that `SQLITE_OPEN_NOFOLLOW` (which refuses a link anywhere on the way) refuses a link at
    /// the database file only. Needs the folder to exist (``prepare()`` makes it).
    func openablePath() throws(FileIO.Failure) -> String {
        try FileIO.withRealFolder(path)
    }

    /// Removes the database file ``prepare()`` created, with whatever SQLite made beside it,
    /// when the open that followed failed: no empty file is left behind. Nothing is removed
    /// unless the file at ``path`` is still that one and still empty (no process has made a
    /// database of it meanwhile).
    func removeUnused(_ created: (device: UInt64, inode: UInt64)?) {
        guard let created else { return }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0,
              UInt64(info.st_dev) == created.device, UInt64(info.st_ino) == created.inode
        else { return }
        _ = unlink(path)
        for companion in companions where Self.kind(companion) == S_IFREG { _ = unlink(companion) }
    }

    /// Renames the database to ``damagedPath`` (replacing an earlier one) and removes its log,
    /// index and journal, which belong to it, whatever each is (a link itself, never its
    /// target): the next open starts an empty database.
    /// - Throws: When something cannot be removed (a folder that is not empty beside the
    ///   database, or at ``damagedPath``): the set is then refused, never half used.
    func moveAside() throws(FileIO.Failure) {
        // Folders first: one that is not empty refuses the set before anything is moved.
        for entry in [damagedPath] + companions where Self.kind(entry) == S_IFDIR { try Self.removeEntry(entry) }
        try Self.removeEntry(damagedPath)
        guard rename(path, damagedPath) == 0 || errno == ENOENT else { throw FileIO.Failure("rename") }
        for companion in companions { try Self.removeEntry(companion) }
    }

    /// Removes what is at `path`, never following a link: a file of any kind with `unlink`, an
    /// empty folder with `rmdir`; a missing one is not an error.
    /// - Throws: For a folder that is not empty, saying so, and for any other refusal.
    static func removeEntry(_ path: String) throws(FileIO.Failure) {
        if unlink(path) == 0 || errno == ENOENT || errno == ENOTDIR { return }
        let refusal = errno
        // Linux says EISDIR for a folder, POSIX allows EPERM.
        guard refusal == EISDIR || refusal == EPERM, kind(path) == S_IFDIR else { throw FileIO.Failure("unlink", refusal) }
        guard rmdir(path) == 0 else {
            let code = errno
            if code == ENOENT { return }
            if code == ENOTEMPTY || code == EEXIST {
                throw FileIO.Failure(damage: "\(path) is a folder that is not empty (remove it by hand)")
            }
            throw FileIO.Failure("remove folder", code)
        }
    }

    /// Deletes every file of the cache (a missing one is not an error), holding the lock file
    /// so that a mutation in progress in another process finishes first.
    func removeAll() throws(CacheRemovalError) {
        let everything = [path, damagedPath] + companions + (legacyPath.map { [$0, $0 + ".lock"] + FileIO.temporaryFiles(of: $0) } ?? [])
        guard everything.contains(where: { Self.kind($0) != nil }) || Self.kind(lockPath) != nil else { return }
        do {
            try FileIO.withExclusiveLock(lockPath, onDamage: { _ in }) {
                for file in everything { try Self.removeEntry(file) }
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
