import Dispatch

/// The serial executor a ``NormalizedCache`` runs on: a dispatch queue of its own, so the
/// cache's file work (reading, `flock`, writing, `fsync`) blocks one of that queue's threads,
/// never a thread of the Swift concurrency pool that other tasks need.
final class CacheQueueExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "NormalizedCache")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
