import Foundation

/// Holds answers of a ``FaultServer`` until the test opens it (see
/// ``FaultServerBehaviour/held(_:_:)``), so a test can order events across processes without
/// sleeping. A gate left closed opens by itself after `limit` seconds, so nothing hangs.
public final class FaultServerGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
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

    /// Blocks until the gate is open (or its limit passes).
    func wait() {
        let deadline = Date(timeIntervalSinceNow: limit)
        condition.lock()
        while !isOpen, condition.wait(until: deadline) {}
        condition.unlock()
    }
}
