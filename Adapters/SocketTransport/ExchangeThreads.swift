import Foundation
import POSIXSupport

/// A bounded set of threads, off the Swift concurrency pool, that run the socket session's
/// blocking exchanges: started only when a job finds no idle one (a one-request process starts
/// one, as it always did), taking the jobs that wait in line one after another, and ended once
/// there is none (after ``idleLifetime``, none by default).
///
/// A thread kept waiting for work would have to be woken only to be ended when the process
/// exits, which costs a one-request CLI a millisecond or two of wall time on a busy machine
/// (measured); under load the line is rarely empty, so threads are still reused.
///
/// At most ``maximum`` exist at once; jobs beyond them wait in order, holding no thread. Together
/// with the pool's per-origin bound this bounds the threads of any number of requests in flight.
final class ExchangeThreads: @unchecked Sendable {
    /// The process's exchange threads, shared by every ``SocketHTTPSession``: 64, so that eight
    /// origins can each use their eight connections at once; one origin's stuck exchanges (at
    /// most its eight) never keep another origin's requests waiting for a thread.
    static let shared = ExchangeThreads(maximum: 64)

    let maximum: Int
    /// How long a thread without work waits for one before it ends.
    let idleLifetime: TimeInterval
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var next = 0
    private var threads = 0
    private var idle = 0
    private var mostThreads = 0

    init(maximum: Int, idleLifetime: TimeInterval = 0) {
        self.maximum = max(1, maximum)
        self.idleLifetime = idleLifetime
    }

    /// The most threads that ran at once so far.
    var peak: Int {
        condition.lock()
        defer { condition.unlock() }
        return mostThreads
    }

    /// What became of a job given to ``run(_:)``.
    enum Outcome {
        /// An idle or a new thread takes it up now.
        case running
        /// Every thread is busy: the first to become free takes it up.
        case queued
        /// No thread exists and none could be started: the job is not run.
        case failed
    }

    /// Runs `job` on an idle thread, a new one while under ``maximum``, or the first to become free.
    func run(_ job: @escaping @Sendable () -> Void) -> Outcome {
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - next
        if idle >= waiting {
            condition.signal()
            condition.unlock()
            return .running
        }
        guard threads < maximum else {
            condition.unlock()
            return .queued
        }
        threads += 1
        mostThreads = max(mostThreads, threads)
        condition.unlock()
        if DetachedThread.start({ self.work() }) { return .running }
        condition.lock()
        defer { condition.unlock() }
        threads -= 1
        // Another thread will take the job; with none, it is taken back.
        guard threads == 0 else { return .queued }
        jobs.removeLast()
        return .failed
    }

    private func work() {
        condition.lock()
        while true {
            while next == jobs.count {
                idle += 1
                let signalled = idleLifetime > 0 && condition.wait(until: Date(timeIntervalSinceNow: idleLifetime))
                idle -= 1
                if !signalled, next == jobs.count {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job()
            condition.lock()
        }
    }
}
