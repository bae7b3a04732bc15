import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts child processes one at a time, on a queue of its own.
///
/// On a busy machine a launch takes tens of milliseconds: run on the Swift concurrency pool (two
/// threads on two cores), a burst of launches would hold it and stall every other test. So
/// launches (``ChildProcess/run()``) run here, one by one, off the pool.
///
/// A child inherits the signal mask of the thread that starts it, and Dispatch's threads block
/// every signal: the clients started here begin with SIGINT and SIGTERM blocked, as they do
/// under some real parents, and the Ctrl-C tests check that the client unblocks what it handles.
public enum ProcessLaunch {
    private static let queue = DispatchQueue(label: "TestSupport.ProcessLaunch")

    /// Runs `process.run()` on the launch queue and returns, once it has started, when it did.
    @discardableResult
    public static func run(_ process: ChildProcess) async throws -> ContinuousClock.Instant {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ContinuousClock.Instant, any Error>) in
            queue.async {
                continuation.resume(with: Result {
                    try process.run()
                    return ContinuousClock.now
                })
            }
        }
    }

    /// Accepts a connection on the non-blocking `listener` and marks it close-on-exec before any
    /// launch can see it. A child started meanwhile that inherited the socket would keep the
    /// connection open after the server closed it. ``ChildProcess`` closes every descriptor
    /// above 2 in the child where glibc can (2.34 and later); elsewhere it closes those open
    /// when it launches, which is why accepts and launches take turns here. (Glibc's module map
    /// hides `accept4`.)
    /// Called from the servers' own threads, never from the pool.
    public static func acceptCloseOnExec(_ listener: Int32) -> Int32 {
        queue.sync {
            let connection = accept(listener, nil, nil)
            if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
            return connection
        }
    }
}
