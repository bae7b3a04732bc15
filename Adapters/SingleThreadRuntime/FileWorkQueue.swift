import Dispatch

/// A serial queue for blocking file work (writes that end in `fsync`, renames, unlinks), so
/// that an `async` caller never holds one of Swift's cooperative threads while the disk catches
/// up.
package enum FileWorkQueue {
    /// One serial queue: file work of one process is short and rare, and never needs to overlap.
    private static let queue = DispatchQueue(label: "SingleThreadRuntime.FileWorkQueue")

    /// Runs `work` on the queue and returns what it returned, or throws what it threw.
    package static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(Failure) -> Value in try work() }) }
        }
        return try result.get()
    }
}
