import Synchronization

/// Collects warnings delivered by a cache file.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    var callback: @Sendable (String) -> Void {
        { line in self.lines.withLock { $0.append(line) } }
    }

    var messages: [String] { lines.withLock { $0 } }
}
