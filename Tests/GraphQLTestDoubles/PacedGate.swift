import Foundation
import Synchronization

/// Lets a ``LoopbackHTTPServer`` send its next piece only when the test says so: the test sees
/// one piece arrive before the next leaves, so "handed over as it arrives" is proven without a
/// clock. The server's own thread waits; ``openForGood()`` lets every piece go (call it in a
/// `defer`, so a failed test never leaves that thread waiting).
public final class PacedGate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let open = Mutex(false)

    public init() {}

    /// Lets the next piece go.
    public func release() { semaphore.signal() }

    /// Lets every remaining piece go.
    public func openForGood() {
        open.withLock { $0 = true }
        for _ in 0..<64 { semaphore.signal() }
    }

    /// Waits (on the server's thread) until ``release()`` or ``openForGood()``.
    func waitForRelease() {
        if open.withLock({ $0 }) { return }
        semaphore.wait()
    }
}
