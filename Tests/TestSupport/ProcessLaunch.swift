import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Starts child processes one at a time.
///
/// Foundation's `Process.run()` on Linux lists the open descriptors and closes each one in the
/// child. Two launches at once from different threads race on that list and on Foundation's
/// launch bookkeeping (swift-corelibs-foundation pull request 5472, after Swift 6.3.1). A launch
/// takes milliseconds, so serialising them costs tests running in parallel nothing noticeable.
public enum ProcessLaunch {
    private static let lock = Mutex(())

    /// Runs `process.run()` while no other launch of this process is under way.
    public static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }

    /// Accepts a connection on the non-blocking `listener` and marks it close-on-exec before any
    /// launch can see it: a child started meanwhile would otherwise inherit the socket and keep
    /// the connection open after the server closed it. (Glibc's module map hides `accept4`.)
    static func acceptCloseOnExec(_ listener: Int32) -> Int32 {
        lock.withLock { _ in
            let connection = accept(listener, nil, nil)
            if connection >= 0 { _ = fcntl(connection, F_SETFD, FD_CLOEXEC) }
            return connection
        }
    }
}
