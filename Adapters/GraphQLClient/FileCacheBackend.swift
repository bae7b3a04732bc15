import Foundation

/// Keeps records in one file, written atomically and merged under an advisory lock so that
/// several processes writing at once never lose each other's records.
struct FileCacheBackend: CacheBackend {
    let url: URL
    let onWarning: @Sendable (String) -> Void

    private var path: String { url.path }
    private var lockPath: String { url.path + ".lock" }

    func load() -> [String: RecordStore.Slot] {
        (readStored() ?? [:]).mapValues { .encoded($0) }
    }

    func save(_ updates: [String: RecordUpdate]) {
        do {
            try FileIO.createFolder(url.deletingLastPathComponent().path)
            try FileIO.withExclusiveLock(lockPath) {
                let stored = readStored() ?? [:]
                guard let file = Self.merge(updates, over: stored) else { return }
                try FileIO.writeAtomically(file, to: path)
            }
        } catch {
            onWarning("Could not save the GraphQL cache file \(path): \(error).")
        }
    }

    func removeAll() throws {
        try FileIO.withExclusiveLock(lockPath) { try FileIO.remove(path) }
    }

    /// The stored records (still encoded), or `nil` after reporting a file that cannot be used.
    private func readStored() -> [String: ArraySlice<UInt8>]? {
        do {
            guard let bytes = try FileIO.read(path) else { return nil }
            return try CacheFileFormat.index(bytes)
        } catch {
            onWarning("Discarded the GraphQL cache file \(path): \(error); starting with an empty cache.")
            return nil
        }
    }

    /// The new file contents, or `nil` when the updates change nothing that is stored.
    static func merge(_ updates: [String: RecordUpdate], over stored: [String: ArraySlice<UInt8>]) -> [UInt8]? {
        var writer = FileWriter(capacity: stored.values.reduce(0) { $0 + $1.count + 16 } + updates.count * 64)
        var changed = false
        for (key, body) in stored {
            guard let update = updates[key] else {
                writer.append(key: key, encodedBody: body)
                continue
            }
            let old = try? CacheFileFormat.decodeRecord(body)
            let new = update.change.apply(local: update.local, over: old)
            if new == old {
                writer.append(key: key, encodedBody: body)
            } else {
                changed = true
                if let new { writer.append(key: key, record: new) }
            }
        }
        for (key, update) in updates where stored[key] == nil {
            guard let new = update.change.apply(local: update.local, over: nil) else { continue }
            changed = true
            writer.append(key: key, record: new)
        }
        return changed ? writer.finish() : nil
    }
}
