import Foundation
import POSIXSupport

/// Keeps records in one file, written atomically and merged under an advisory lock so that
/// several processes writing at once never lose each other's records.
///
/// The file is read only when it is a regular file of at most ``maximumFileSize`` bytes; a
/// symlink, FIFO, device or oversized file is damaged state: reported once, read as empty,
/// and replaced (never followed) by the next save.
struct FileCacheBackend: CacheBackend {
    /// The largest cache file read; a larger one is discarded.
    static let maximumFileSize = 64 * 1024 * 1024

    let url: URL
    let onWarning: @Sendable (String) -> Void

    private var path: String { url.path }
    private var lockPath: String { url.path + ".lock" }

    func load() -> [String: RecordStore.Slot] {
        (readStored(reportingDamage: true) ?? [:]).mapValues { .encoded($0) }
    }

    func save(_ updates: [RecordUpdate], lockHeld: Bool, countsMutation: Bool, unlessMutatedSince: UInt64?) {
        do {
            try FileIO.createFolder(url.deletingLastPathComponent().path)
            let merge = {
                // Damage was reported when the file was loaded; saving replaces the file.
                let stored = readStored(reportingDamage: false) ?? [:]
                let mutations = Self.mutationCount(in: stored)
                // A query's answer fetched before a mutation changed the cache may predate it.
                if let since = unlessMutatedSince, mutations != since { return }
                var updates = updates
                if countsMutation {
                    var change = RecordChange()
                    change.didSet("mutations")
                    let count = CacheValue.scalar(.int(Int(truncatingIfNeeded: mutations &+ 1)))
                    updates.append(RecordUpdate(key: CacheKeys.cacheState, change: change, local: ["mutations": count]))
                }
                guard let file = Self.merge(updates, over: stored) else { return }
                try FileIO.writeAtomically(file, to: path)
            }
            if lockHeld { try merge() } else { try FileIO.withExclusiveLock(lockPath, onDamage: reportDamagedLock, merge) }
        } catch {
            onWarning("Could not save the GraphQL cache file \(path): \(error).")
        }
    }

    /// Holds the lock file's `flock` (polled every 5 ms, so that cancelling the task ends the
    /// wait). When the lock file cannot be made (a read-only folder), goes on without it: saves
    /// will fail and warn anyway.
    func beginExclusiveAccess() async throws -> Int32? {
        guard (try? FileIO.createFolder(url.deletingLastPathComponent().path)) != nil else { return nil }
        while true {
            let attempt: Int32?
            do { attempt = try FileIO.tryExclusiveLock(lockPath, onDamage: reportDamagedLock) } catch { return nil }
            if let descriptor = attempt { return descriptor }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    func mutationCount() async throws -> UInt64? {
        try await FileIO.withSharedLock(lockPath) { Self.mutationCount(in: readStored(reportingDamage: false) ?? [:]) }
    }

    /// The mutation count kept in the ``CacheKeys/cacheState`` record (0 without one).
    static func mutationCount(in stored: [String: ArraySlice<UInt8>]) -> UInt64 {
        guard let body = stored[CacheKeys.cacheState], let record = try? CacheFileFormat.decodeRecord(body),
              case .scalar(.int(let count))? = record["mutations"], count >= 0
        else { return 0 }
        return UInt64(count)
    }

    func endExclusiveAccess(_ access: Int32?) {
        if let access { FileIO.unlock(access) }
    }

    /// Deletes the file, its temporary files and its lock file. Nothing to delete (even a
    /// missing folder) is not an error; no lock file is created just to delete nothing.
    func removeAll() throws {
        let temporaries = FileIO.temporaryFiles(of: path)
        guard Self.exists(path) || Self.exists(lockPath) || !temporaries.isEmpty else { return }
        do {
            // Writers create temporary files only while holding the lock, so under it every
            // temporary file of this cache is left over from a killed process.
            try FileIO.withExclusiveLock(lockPath, onDamage: { _ in }) {
                try FileIO.remove(path)
                for temporary in FileIO.temporaryFiles(of: path) { try FileIO.remove(temporary) }
                try FileIO.remove(lockPath)
            }
        } catch {
            throw CacheRemovalError(path: path, reason: "\(error)")
        }
    }

    private func reportDamagedLock(_ reason: String) {
        onWarning("Replaced the GraphQL cache lock file \(lockPath): \(reason).")
    }

    /// Whether anything (even a dangling symlink) is at `path`.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The stored records (still encoded), or `nil` for a missing file or one that cannot be
    /// used (reported through `onWarning` when `reportingDamage`).
    private func readStored(reportingDamage: Bool) -> [String: ArraySlice<UInt8>]? {
        do {
            guard let bytes = try FileIO.read(path, limit: Self.maximumFileSize) else { return nil }
            return try CacheFileFormat.index(bytes)
        } catch {
            guard reportingDamage else { return nil }
            onWarning("Discarded the GraphQL cache file \(path): \(error); starting with an empty cache.")
            return nil
        }
    }

    /// The new file contents, or `nil` when the updates change nothing that is stored.
    /// Stored records the updates do not touch are copied without being decoded.
    static func merge(_ updates: [RecordUpdate], over stored: [String: ArraySlice<UInt8>]) -> [UInt8]? {
        var writer = FileWriter(capacity: stored.values.reduce(0) { $0 + $1.count + 16 } + updates.count * 64)
        var changed = false
        for update in updates {
            let body = stored[update.key]
            let old = body.flatMap { try? CacheFileFormat.decodeRecord($0) }
            let new = update.change.apply(local: update.local, over: old)
            if let body, new == old {
                writer.append(key: update.key, encodedBody: body)
                continue
            }
            changed = changed || new != old
            if let new { writer.append(key: update.key, record: new) }
        }
        guard changed else { return nil }
        if !stored.isEmpty {
            let updated = Set(updates.map(\.key))
            for (key, body) in stored where !updated.contains(key) { writer.append(key: key, encodedBody: body) }
        }
        return writer.finish()
    }
}
