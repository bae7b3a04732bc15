#if canImport(Glibc)
import Glibc
#endif

/// Keeps a write to a dropped connection from raising `SIGPIPE` in the calling thread.
///
/// OpenSSL writes to the socket with plain `write(2)`, which raises the signal when the peer
/// has gone; its default action ends the whole process (a library user's too). The socket
/// transport's I/O runs on whatever thread the task is on (the concurrency pool, the CLI's
/// main thread), so each OpenSSL call that may write runs with `SIGPIPE` blocked on the
/// thread, and a signal it raised meanwhile is taken before the mask is restored: the write
/// fails with `EPIPE` instead (what libpq does).
package enum PipeSignal {
    /// Runs `body` with `SIGPIPE` blocked on the calling thread.
    package static func suppressed<T>(_ body: () -> T) -> T {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        // A thread that blocks it already (a DetachedThread) keeps what it has.
        if sigismember(&previous, SIGPIPE) == 1 { return body() }
        let result = body()
        let saved = errno
        defer { errno = saved }
        var pending = sigset_t()
        if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipe, nil, &none)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return result
    }
}
