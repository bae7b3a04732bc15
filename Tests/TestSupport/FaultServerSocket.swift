import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The POSIX socket calls the ``FaultServer`` is built from: a loopback listener, waits that
/// a wake-up pipe can interrupt, sends that never raise `SIGPIPE`, and an abortive close.
enum FaultServerSocket {
    /// Why the listener could not be set up.
    typealias SetupError = LoopbackSocket.SetupError

    /// A non-blocking socket listening on 127.0.0.1 at a port the kernel picks, and that port.
    static func listenOnLoopback() throws -> (descriptor: Int32, port: UInt16) {
        let listener = try LoopbackSocket.listen(backlog: 64)
        setNonBlocking(listener.descriptor)
        return listener
    }

    /// A pipe whose read end becomes readable, for good, once one byte is written to it.
    static func wakePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SetupError(call: "pipe", code: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            setNonBlocking(end)
        }
        return (ends[0], ends[1])
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Waits until `fd` is ready for `events`; `false` when `wake` fired or the wait failed.
    static func wait(for events: Int16, on fd: Int32, wake: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if fds[1].revents != 0 { return false }
            if fds[0].revents != 0 { return true }
        }
    }

    /// Blocks until `wake` fires.
    static func waitForWake(_ wake: Int32) {
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 1, -1) < 0, errno == EINTR {}
    }

    /// Reads what is available (blocking until something is, or `wake` fires): `nil` on end
    /// of stream, error, or wake-up.
    static func receive(_ fd: Int32, wake: Int32) -> Data? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard wait(for: Int16(POLLIN), on: fd, wake: wake) else { return nil }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 { return Data(buffer[0..<count]) }
            if count == 0 { return nil }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
            return nil
        }
    }

    /// Sends all of `data` with `MSG_NOSIGNAL`; `false` when the peer went away or `wake` fired.
    @discardableResult
    static func sendAll(_ data: Data, to fd: Int32, wake: Int32) -> Bool {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent > 0 {
                    offset += sent
                } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                    guard wait(for: Int16(POLLOUT), on: fd, wake: wake) else { return false }
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Closes with `SO_LINGER` {on, 0}, so the peer gets a TCP reset instead of an orderly end.
    static func closeWithReset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
    }
}
