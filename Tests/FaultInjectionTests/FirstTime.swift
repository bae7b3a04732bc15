import Foundation

/// A thread-safe flag that says yes exactly once, for behaviours that fault only the first time.
final class FirstTime: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    /// `true` on the first call, `false` on every later one.
    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { claimed = true }
        return !claimed
    }
}
