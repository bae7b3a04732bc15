import Foundation

/// Counts failures from many tasks and keeps the first message.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var firstMessage: String?
    private var total = 0

    func add(_ message: String) {
        lock.withLock {
            total += 1
            if firstMessage == nil { firstMessage = message }
        }
    }

    var count: Int { lock.withLock { total } }
    var first: String? { lock.withLock { firstMessage } }
}
