import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The shared state of a ``FaultServer``: sockets, the behaviours to play, the requests seen,
/// and the threads serving them. The threads hold this object, never the ``FaultServer``,
/// so the server's deinit can stop them.
final class FaultServerCore: @unchecked Sendable {
    let port: UInt16
    let wakeRead: Int32
    private let listener: LoopbackListener
    private let condition = NSCondition()
    private var queue: [FaultServerBehaviour]
    private var fallback: FaultServerBehaviour
    private var received: [FaultServerRequest] = []
    private var accepted = 0
    private var waiters: [UUID: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]

    init(behaviour: FaultServerBehaviour, queue: [FaultServerBehaviour]) throws {
        listener = try LoopbackListener(ipv6: false)
        port = listener.port
        wakeRead = listener.wakeRead
        fallback = behaviour
        self.queue = queue
    }

    // MARK: Behaviours and requests

    var behaviour: FaultServerBehaviour {
        get { locked { fallback } }
        set { locked { fallback = newValue } }
    }

    func enqueue(_ behaviours: [FaultServerBehaviour]) {
        locked { queue.append(contentsOf: behaviours) }
    }

    var requests: [FaultServerRequest] { locked { received } }

    func clearRequests() {
        locked {
            received.removeAll()
            accepted = 0
        }
    }

    /// Connections accepted since the last ``clearRequests()``.
    var connectionCount: Int { locked { accepted } }

    /// Records `request` and returns the behaviour for it: the next queued one, else the default.
    func record(_ request: FaultServerRequest) -> FaultServerBehaviour {
        let (behaviour, satisfied) = locked { () -> (FaultServerBehaviour, [CheckedContinuation<Bool, Never>]) in
            received.append(request)
            let due = waiters.filter { $0.value.count <= received.count }
            for id in due.keys { waiters[id] = nil }
            return (queue.isEmpty ? fallback : queue.removeFirst(), due.values.map(\.continuation))
        }
        for waiter in satisfied { waiter.resume(returning: true) }
        return behaviour
    }

    /// Returns `true` once at least `count` requests have arrived, or `false` when `timeout`
    /// passes first. Holds no thread while it waits: the request that makes the count resumes it.
    func waitForRequests(_ count: Int, timeout: TimeInterval) async -> Bool {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            let arrived = locked { () -> Bool in
                if received.count >= count { return true }
                waiters[id] = (count, continuation)
                return false
            }
            if arrived { return continuation.resume(returning: true) }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                locked { waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
            }
        }
    }

    // MARK: Threads

    /// Accepts connections, each served on a thread of its own (with Nagle's delay left on, as
    /// a plain server has it: the faults' timing is the kernel's default).
    func start() {
        listener.start(noDelay: false) { [self] connection in
            locked { accepted += 1 }
            FaultServerConnection(fd: connection, core: self).serve()
        }
    }

    /// Wakes every thread, waits for all of them to end, then closes the listener and the wake-up pipe.
    func stop() {
        listener.stop()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
