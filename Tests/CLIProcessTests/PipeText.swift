import Foundation

/// Everything read from a pipe so far, read on a thread of its own until the end of the file.
final class PipeText: @unchecked Sendable {
    private struct Waiter {
        let done: @Sendable (String) -> Bool
        let continuation: CheckedContinuation<String, Never>
    }

    private let lock = NSLock()
    private var text = ""
    private var ended = false
    private var waiters: [UUID: Waiter] = [:]

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                let (current, due) = locked { () -> (String, [Waiter]) in
                    if chunk.isEmpty { ended = true } else { text += String(decoding: chunk, as: UTF8.self) }
                    let due = waiters.filter { ended || $0.value.done(text) }
                    for id in due.keys { waiters[id] = nil }
                    return (text, Array(due.values))
                }
                for waiter in due { waiter.continuation.resume(returning: current) }
                if chunk.isEmpty { return }
            }
        }
    }

    /// The text once `done` holds for it, or the pipe ends, or `timeout` passes; holds no
    /// thread while it waits.
    func text(timeout: TimeInterval, until done: @escaping @Sendable (String) -> Bool) async -> String {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            let ready: String? = locked {
                if ended || done(text) { return text }
                waiters[id] = Waiter(done: done, continuation: continuation)
                return nil
            }
            if let ready { return continuation.resume(returning: ready) }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                let (current, waiter) = locked { (text, waiters.removeValue(forKey: id)) }
                waiter?.continuation.resume(returning: current)
            }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
