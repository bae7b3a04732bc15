import Foundation

/// Holds answers of a ``FaultServer`` until the test opens it (see
/// ``FaultServerBehaviour/held(_:_:)``), so a test can order events across processes without
/// sleeping. A gate left closed opens by itself after `limit` seconds, so nothing hangs.
public final class FaultServerGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var released = false
    private let limit: TimeInterval

    public init(limit: TimeInterval = 60) {
        self.limit = limit
    }

    /// Lets every held answer go, now and later.
    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether a held answer has gone on (the gate was opened, or a wait reached its limit).
    public var hasReleased: Bool {
        condition.lock()
        defer { condition.unlock() }
        return released
    }

    /// Blocks the server's connection thread until the gate is open (or its limit passes).
    func wait() {
        let deadline = Date(timeIntervalSinceNow: limit)
        condition.lock()
        while !isOpen, condition.wait(until: deadline) {}
        released = true
        condition.unlock()
    }
}
