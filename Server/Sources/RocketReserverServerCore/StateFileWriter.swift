import Foundation

/// Persists `BookingState` snapshots to the `--state` file, newest version wins.
///
/// Writes are group-committed: a caller returns once a snapshot at least as new as its own is on
/// disk. While one write (temp file, fsync, rename) is under way, later callers leave their
/// snapshot and wait; the next write covers them all, so a burst of bookings costs a couple of
/// fsyncs instead of one each.
final class StateFileWriter: Sendable {
    private struct Progress {
        var pending: BookingState?
        var pendingVersion = 0
        var writtenVersion = 0
        var writing = false
    }

    /// The state file.
    let url: URL
    private let condition = NSCondition()
    private nonisolated(unsafe) var progress = Progress()  // guarded by `condition`

    /// Creates a writer for a state file.
    init(url: URL) {
        self.url = url
    }

    /// Returns once `state` (at `version`), or a newer snapshot, is written.
    func write(_ state: BookingState, version: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        if version > progress.pendingVersion {
            progress.pending = state
            progress.pendingVersion = version
        }
        while progress.writtenVersion < version {
            guard !progress.writing, let snapshot = progress.pending else {
                condition.wait()
                continue
            }
            let snapshotVersion = progress.pendingVersion
            progress.writing = true
            condition.unlock()
            let result = Result { try Self.persist(snapshot, to: url) }
            condition.lock()
            progress.writing = false
            if case .success = result { progress.writtenVersion = max(progress.writtenVersion, snapshotVersion) }
            condition.broadcast()
            try result.get()
        }
    }

    private static func persist(_ state: BookingState, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(state), to: url)
    }

    /// Reads the state file; an absent file gives `nil`.
    static func load(url: URL) throws -> BookingState? {
        guard FileManager.default.fileExists(atPath: url.path) else {
            return nil
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ServerSetupError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(BookingState.self, from: data)
        } catch {
            throw ServerSetupError.invalidStateFile(path: url.path, reason: "\(error)")
        }
    }
}
