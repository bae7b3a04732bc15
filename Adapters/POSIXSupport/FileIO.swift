import Glibc
import SystemErrorText

/// The POSIX file operations the cache file needs: bounded reads, atomic replacement, locking.
///
/// Every state file is opened with `O_NOFOLLOW | O_NONBLOCK`: a symlink is never followed and a
/// FIFO never blocks. Only a regular file under a size bound is read; anything else is damage.
package enum FileIO {
    /// A failed system call, or a path that holds something other than a usable file.
    package struct Failure: Error, CustomStringConvertible {
        package let operation: String
        package let reason: String
        /// The path holds damaged state (a symlink, FIFO, device, folder or oversized file),
        /// which is replaced, never followed.
        package let isDamage: Bool

        /// A failure explained by `errno` (read when the failure is created).
        package init(_ operation: String, _ code: Int32 = errno) {
            self.init(operation, reason: SystemErrorText.describe(code))
        }

        package init(_ operation: String, reason: String) {
            self.operation = operation
            self.reason = reason
            self.isDamage = false
        }

        /// Damaged state: `reason` says what is at the path, for example "it is a FIFO".
        package init(damage reason: String) {
            self.operation = "open"
            self.reason = reason
            self.isDamage = true
        }

        package var description: String { isDamage ? reason : "\(operation) failed: \(reason)" }

        /// The failure `problem` is, for a file of at most `limit` bytes.
        init(_ problem: RegularFileProblem, limit: Int) {
            switch problem {
            case .symbolicLink: self.init(damage: "it is a symbolic link, which is never followed")
            case .notRegular(let mode): self.init(damage: "it is \(FileIO.nonRegularKind(mode: mode) ?? "a regular file"), not a regular file")
            case .tooLarge: self.init(damage: "it is larger than \(limit) bytes")
            case .failed(let call, let code): self.init(call, code)
            }
        }
    }

    /// The whole file, or `nil` when it does not exist (nor can, under a non-folder).
    /// - Throws: A damage ``Failure`` for a symlink, a non-regular file or one over `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        guard let file = try openRegularFile(path, followingLinks: false, limit: limit) else { return nil }
        defer { close(file.descriptor) }
        return try readOpened(file, limit: limit)
    }

    /// Why a path holds no regular file that may be read.
    package enum RegularFileProblem: Error, Equatable {
        /// A symbolic link, where links are not followed.
        case symbolicLink
        /// Something other than a regular file: its type bits (`st_mode & S_IFMT`).
        case notRegular(mode_t)
        /// A regular file over the limit.
        case tooLarge
        /// A system call failed: which one, and its `errno`.
        case failed(String, Int32)
    }

    /// Opens `path` for reading without blocking (`O_NONBLOCK`, so a FIFO without a writer
    /// cannot hang it) and checks, on the open descriptor, that a regular file of at most
    /// `limit` bytes is what was opened: nothing can be swapped in between.
    /// - Returns: The descriptor (the caller closes it) and the file's size, or `nil` when
    ///   nothing is at the path.
    /// - Throws: A damage ``Failure`` for a symlink when `followingLinks` is `false`, a
    ///   non-regular file or one over `limit` bytes; else the failed call's.
    static func openRegularFile(_ path: String, followingLinks: Bool, limit: Int) throws(Failure) -> (descriptor: Int32, size: Int)? {
        do {
            return try openRegular(path, followingLinks: followingLinks, limit: limit)
        } catch {
            throw Failure(error, limit: limit)
        }
    }

    /// ``openRegularFile(_:followingLinks:limit:)`` with the reason as a value.
    static func openRegular(_ path: String, followingLinks: Bool, limit: Int) throws(RegularFileProblem) -> (descriptor: Int32, size: Int)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            if code == ELOOP, !followingLinks { throw .symbolicLink }
            throw .failed("open", code)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .failed("stat", code)
        }
        let problem: RegularFileProblem? = info.st_mode & S_IFMT != S_IFREG ? .notRegular(info.st_mode & S_IFMT) : (info.st_size > limit ? .tooLarge : nil)
        if let problem {
            close(descriptor)
            throw problem
        }
        return (descriptor, Int(info.st_size))
    }

    /// The whole of a file ``openRegularFile(_:followingLinks:limit:)`` opened, refusing more
    /// than `limit` bytes (it may have grown since).
    static func readOpened(_ file: (descriptor: Int32, size: Int), limit: Int) throws(Failure) -> [UInt8] {
        do {
            return try SystemCall.readToEnd(file.descriptor, limit: limit, sizeHint: file.size)
        } catch {
            switch error {
            case .tooLarge: throw Failure(damage: "it is larger than \(limit) bytes")
            case .failed(let code): throw Failure("read", code)
            }
        }
    }

    /// What a non-regular file is ("a FIFO", "a folder"…), or `nil` for a regular file.
    package static func nonRegularKind(_ info: stat) -> String? {
        nonRegularKind(mode: info.st_mode)
    }

    /// What a file of this mode is ("a FIFO", "a folder"…), or `nil` for a regular file.
    package static func nonRegularKind(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "something unknown"
        }
    }

    /// Deletes the file (a symlink itself, never its target); a missing file is not an error.
    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT || errno == ENOTDIR else { throw Failure("unlink") }
    }

    /// Creates the folder and its missing parents, each owner-only (0700); folders that exist
    /// are left as they are.
    package static func createFolder(_ path: String) throws(Failure) {
        // Usually the folder or its parent exists: one call then, a walk from the top otherwise.
        guard try makeFolder(path) == ENOENT else { return }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if let code = try makeFolder(prefix) { throw Failure("create folder", code) }
        }
    }

    /// Creates one folder (0700, whatever the umask) or finds one there: `nil`, or the `ENOENT`
    /// of a missing parent.
    /// - Throws: When something other than a folder is there, or the system refuses.
    private static func makeFolder(_ path: String) throws(Failure) -> Int32? {
        if mkdir(path, 0o700) == 0 {
            guard chmod(path, 0o700) == 0 else { throw Failure("create folder") }
            return nil
        }
        let code = errno
        if code == ENOENT { return code }
        var info = stat()
        guard code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure("create folder", code == EEXIST ? ENOTDIR : code)
        }
        return nil
    }

    /// The names in the folder (without `.` and `..`), in the order the system lists them, or
    /// `nil` when there is no such folder.
    package static func names(in folder: String) throws(Failure) -> [String]? {
        guard let stream = opendir(folder) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw Failure("list folder", code)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Flushes the folder's entries to disk, so a rename or unlink in it survives a crash.
    package static func syncFolder(_ folder: String) throws(Failure) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { throw Failure("open folder") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure("fsync folder") }
    }
}
