import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The shared state of a ``FaultServer``: sockets, the behaviours to play, the requests seen,
/// and the threads serving them. The threads hold this object, never the ``FaultServer``,
/// so the server's deinit can stop them.
final class FaultServerCore: @unchecked Sendable {
    let listener: Int32
    let port: UInt16
    let wakeRead: Int32
    private let wakeWrite: Int32
    private let condition = NSCondition()
    private var queue: [FaultServerBehaviour]
    private var fallback: FaultServerBehaviour
    private var received: [FaultServerRequest] = []
    private var accepted = 0
    private var waiters: [UUID: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var liveThreads = 0
    private var stopping = false
    private var closed = false

    init(behaviour: FaultServerBehaviour, queue: [FaultServerBehaviour]) throws {
        let wake = try FaultServerSocket.wakePipe()
        do {
            (listener, port) = try FaultServerSocket.listenOnLoopback()
        } catch {
            close(wake.read)
            close(wake.write)
            throw error
        }
        wakeRead = wake.read
        wakeWrite = wake.write
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

    /// Starts the accept loop on its own thread.
    func start() {
        spawn { [self] in acceptLoop() }
    }

    /// Wakes every thread, waits for all of them to end, then closes the wake-up pipe.
    func stop() {
        condition.lock()
        if !stopping {
            stopping = true
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
        while liveThreads > 0 { condition.wait() }
        if !closed {
            closed = true
            close(wakeRead)
            close(wakeWrite)
        }
        condition.unlock()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while FaultServerSocket.wait(for: Int16(POLLIN), on: listener, wake: wakeRead) {
            let connection = ProcessLaunch.acceptCloseOnExec(listener)
            if connection < 0 {
                if [EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED].contains(errno) { continue }
                return
            }
            FaultServerSocket.setNonBlocking(connection)
            locked { accepted += 1 }
            let started = spawn { [self] in FaultServerConnection(fd: connection, core: self).serve() }
            if !started { close(connection) }
        }
    }

    /// Runs `body` on a new thread counted in `liveThreads`; `false` once stopping.
    @discardableResult
    private func spawn(_ body: @escaping @Sendable () -> Void) -> Bool {
        let admitted = locked { () -> Bool in
            guard !stopping else { return false }
            liveThreads += 1
            return true
        }
        guard admitted else { return false }
        let thread = Thread { [self] in
            body()
            condition.lock()
            liveThreads -= 1
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "FaultServer:\(port)"
        thread.start()
        return true
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
