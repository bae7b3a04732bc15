/// Why an ``EventLoop`` refused work or ended a wait: it was shut down.
///
/// The process's own loops are never shut down, so only a loop a caller made (a test's) gives it.
package enum EventLoopError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the loop was asked to do.
    package enum Work: Sendable, Hashable {
        /// A wait for descriptors, a deadline or a wake-up (pending at the shutdown, or later).
        case wait
        /// Work scheduled to run at a deadline.
        case timer
        /// An operation run with the loop as its executor.
        case operation
    }

    /// The loop was shut down before `work` could be done.
    case shutDown(Work)

    package var description: String {
        switch self {
        case .shutDown(.wait): "the event loop was shut down before the wait ended"
        case .shutDown(.timer): "the event loop was shut down, so the timer cannot be set"
        case .shutDown(.operation): "the event loop was shut down, so the operation cannot run on it"
        }
    }
}
