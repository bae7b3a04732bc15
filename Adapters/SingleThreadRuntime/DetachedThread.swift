import Glibc

/// Starts work on a detached POSIX thread of its own: what Foundation's `Thread` does, without
/// its bookkeeping, for a process that starts one or two such threads and ends soon after.
///
/// The thread blocks `SIGPIPE`: its work is blocking I/O, and OpenSSL writes with plain
/// `write(2)`, which raises the signal when the peer has dropped the connection; its default
/// action would end the whole process (a library user's too). Blocked, the write fails with
/// `EPIPE` instead, and the pending signal goes with the thread.
package enum DetachedThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new thread; `false` when no thread could be started (`body` is not run).
    @discardableResult
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
