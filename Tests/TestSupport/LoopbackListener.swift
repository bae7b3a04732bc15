import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening socket on 127.0.0.1 or ::1 at a kernel-chosen port, with an accept loop and one
/// counted thread per connection that ``stop()`` wakes and waits for.
final class LoopbackListener: @unchecked Sendable {
    let port: UInt16
    let wakeRead: Int32
    private let listener: Int32
    private let wakeWrite: Int32
    private let condition = NSCondition()
    private var liveThreads = 0
    private var stopping = false
    private var closed = false
    private let ipv6: Bool
    /// Holds the port once stopped, so that it stays refused (``LoopbackSocket/reserve(port:ipv6:)``).
    private var placeholder: Int32?

    /// Listens; throws when the address family is unavailable (for example no IPv6).
    init(ipv6: Bool) throws {
        let wake = try FaultServerSocket.wakePipe()
        let listening: (descriptor: Int32, port: UInt16)
        do {
            listening = try LoopbackSocket.listen(ipv6: ipv6, backlog: 64)
        } catch {
            close(wake.read)
            close(wake.write)
            throw error
        }
        FaultServerSocket.setNonBlocking(listening.descriptor)
        listener = listening.descriptor
        wakeRead = wake.read
        wakeWrite = wake.write
        port = listening.port
        self.ipv6 = ipv6
    }

    deinit {
        if let placeholder { close(placeholder) }
    }

    /// Accepts connections and runs `serve` for each (which closes it), one thread per
    /// connection. The thread that accepts a connection serves it, after starting the thread
    /// that waits for the next one: a client that writes right after connecting does not wait
    /// for a thread to be created. With `noDelay` (the default) small writes leave at once (``noDelay(_:)``).
    func start(noDelay: Bool = true, _ serve: @escaping @Sendable (Int32) -> Void) {
        spawn { [self] in acceptThenServe(noDelay: noDelay, serve) }
    }

    private func acceptThenServe(noDelay: Bool, _ serve: @escaping @Sendable (Int32) -> Void) {
        while FaultServerSocket.wait(for: Int16(POLLIN), on: listener, wake: wakeRead) {
            let connection = ProcessLaunch.acceptCloseOnExec(listener)
            if connection < 0 {
                if [EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED].contains(errno) { continue }
                return
            }
            FaultServerSocket.setNonBlocking(connection)
            if noDelay { Self.noDelay(connection) }
            spawn { [self] in acceptThenServe(noDelay: noDelay, serve) }
            serve(connection)
            return
        }
    }

    /// Wakes every thread and waits for all of them to end.
    func stop() {
        condition.lock()
        if !stopping {
            stopping = true
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
        while liveThreads > 0 { condition.wait() }
        if !closed {
            closed = true
            close(listener)
            // A test that stops a server expects its port to refuse from now on: keep it.
            placeholder = LoopbackSocket.reserve(port: port, ipv6: ipv6)
            close(wakeRead)
            close(wakeWrite)
        }
        condition.unlock()
    }

    @discardableResult
    private func spawn(_ body: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        guard !stopping else { condition.unlock(); return false }
        liveThreads += 1
        condition.unlock()
        let thread = Thread { [self] in
            body()
            condition.lock()
            liveThreads -= 1
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
        return true
    }

    /// A blocking-then-non-blocking TCP connection to 127.0.0.1:`port`, or -1.
    static func connectToLoopback(port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #else
                Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                #endif
            }
        }
        guard connected else { close(fd); return -1 }
        FaultServerSocket.setNonBlocking(fd)
        noDelay(fd)
        return fd
    }

    /// Sends small writes at once (no Nagle delay), so a relay adds no 40 ms stalls to clients
    /// that write a request in several pieces.
    static func noDelay(_ fd: Int32) {
        var on: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }
}
