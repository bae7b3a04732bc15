import SingleThreadRuntime

extension SQLiteCacheBackend {
    /// Reports commits to the database by other processes as they happen: the kernel's file
    /// events on the database and its write-ahead log (every commit writes one of them), read
    /// by a ``FileChangeMonitor``. `nil` when the system cannot report them.
    package func changeMonitor(_ onChange: @escaping @Sendable () -> Void) -> FileChangeMonitor? {
        guard let slash = files.path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = String(files.path[..<slash])
        let name = String(files.path[files.path.index(after: slash)...])
        return FileChangeMonitor(folder: folder.isEmpty ? "/" : folder, names: [name, name + "-wal"], onChange: onChange)
    }
}
