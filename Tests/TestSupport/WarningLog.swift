import Synchronization

/// Collects the warnings a cache delivers through its callback.
public final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// The callback to give the cache.
    public var callback: @Sendable (String) -> Void {
        { line in self.lines.withLock { $0.append(line) } }
    }

    /// The warnings delivered so far, in order.
    public var messages: [String] { lines.withLock { $0 } }
}
