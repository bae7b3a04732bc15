import Foundation

/// A fresh folder under the system's temporary directory, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rocket-reserver-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Every regular file below the folder, by path relative to it, with its bytes; a cache
    /// database with what it holds (``CacheDump``) instead, and its companion files left out.
    public func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        var databases: [URL] = []
        for case let file as URL in walker {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if file.lastPathComponent.hasSuffix(".sqlite") {
                databases.append(file)
                continue
            }
            guard !CacheDump.isCompanion(file.lastPathComponent), let data = try? Data(contentsOf: file) else { continue }
            files[String(file.path.dropFirst(url.path.count))] = data
        }
        for file in databases {
            guard let data = CacheDump.dump(file.path) ?? (try? Data(contentsOf: file)) else { continue }
            files[String(file.path.dropFirst(url.path.count))] = data
        }
        return files
    }
}
