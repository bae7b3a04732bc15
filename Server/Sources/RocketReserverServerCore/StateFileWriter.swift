import Foundation
import Synchronization

/// Persists `BookingState` snapshots to the `--state` file, newest version wins.
final class StateFileWriter: Sendable {
    /// The state file.
    let url: URL
    private let lastWrittenVersion = Mutex(0)

    /// Creates a writer for a state file.
    init(url: URL) {
        self.url = url
    }

    /// Writes a snapshot unless a newer one was already written.
    func write(_ state: BookingState, version: Int) throws {
        try lastWrittenVersion.withLock { last in
            guard version > last else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(try encoder.encode(state), to: url)
            last = version
        }
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
