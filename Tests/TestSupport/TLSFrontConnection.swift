import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One connection of a ``TLSFront``: owns and closes its socket and its `SSL`.
struct TLSFrontConnection {
    let fd: Int32
    let wake: Int32
    let library: TLSServerLibrary
    let context: OpaquePointer
    let front: TLSFront

    func serve(_ mode: TLSFront.Mode) {
        // OpenSSL writes to the socket with write(2): a client that went away (one that refuses
        // a resumed session, say, while the tickets are on their way) must not SIGPIPE the test
        // process. Blocked on this connection's own thread, the signal stays pending and the
        // write fails with EPIPE.
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipe, nil)
        var resetOnClose = false
        defer { resetOnClose ? FaultServerSocket.closeWithReset(fd) : { _ = close(fd) }() }
        switch mode {
        case .resetDuringHandshake:
            _ = FaultServerSocket.receive(fd, wake: wake)
            resetOnClose = true
            return
        case .plainHTTP:
            _ = FaultServerSocket.receive(fd, wake: wake)
            let page = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\nContent-Length: 22\r\nConnection: close\r\n\r\n<h1>Bad Request</h1>\r\n"
            FaultServerSocket.sendAll(Data(page.utf8), to: fd, wake: wake)
            return
        case .closeAfterHandshake, .forward:
            break
        }
        guard let ssl = library.new(context) else { return }
        defer { library.free(ssl) }
        _ = library.setDescriptor(ssl, fd)
        guard retry(ssl, { library.accept(ssl) }) > 0 else { return }
        front.recordHandshake()
        guard case .forward(let port) = mode else { return }
        let backend = LoopbackListener.connectToLoopback(port: port)
        guard backend >= 0 else { return }
        resetOnClose = relay(ssl, backend: backend)
    }

    /// Relays both ways until the backend ends; `true` when it reset (so this end resets too).
    private func relay(_ ssl: OpaquePointer, backend: Int32) -> Bool {
        defer { close(backend) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var clientOpen = true
        while true {
            var fds = [
                pollfd(fd: fd, events: clientOpen ? Int16(POLLIN) : 0, revents: 0),
                pollfd(fd: backend, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 3, -1) < 0 { if errno == EINTR { continue } else { return false } }
            if fds[2].revents != 0 { return false }
            if clientOpen, fds[0].revents != 0 {
                // Drain what OpenSSL can give now.
                while true {
                    let count = library.read(ssl, &buffer, Int32(buffer.count))
                    if count > 0 {
                        let bytes = Data(buffer[0..<Int(count)])
                        front.record(bytes)
                        guard FaultServerSocket.sendAll(bytes, to: backend, wake: wake) else { return false }
                        continue
                    }
                    if library.getError(ssl, count) != 2 /* WANT_READ */ {
                        clientOpen = false
                        library.errorClear()
                        #if canImport(Glibc)
                        Glibc.shutdown(backend, Int32(SHUT_WR))
                        #else
                        Darwin.shutdown(backend, SHUT_WR)
                        #endif
                    }
                    break
                }
            }
            if fds[1].revents != 0 {
                let count = recv(backend, &buffer, buffer.count, 0)
                if count > 0 {
                    let bytes = Array(buffer[0..<count])
                    var sent = 0
                    while sent < bytes.count {
                        let written = bytes[sent...].withUnsafeBytes { raw in
                            retry(ssl) { library.write(ssl, raw.baseAddress, Int32(raw.count)) }
                        }
                        guard written > 0 else { return false }
                        sent += Int(written)
                    }
                } else if count == 0 {
                    _ = library.shutdown(ssl)
                    return false
                } else if errno != EAGAIN, errno != EINTR {
                    return errno == ECONNRESET
                }
            }
        }
    }

    /// Runs an OpenSSL call until it stops asking to wait; its last result (≤ 0 on failure).
    private func retry(_ ssl: OpaquePointer, _ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result > 0 { return result }
            switch library.getError(ssl, result) {
            case 2: guard FaultServerSocket.wait(for: Int16(POLLIN), on: fd, wake: wake) else { return -1 }
            case 3: guard FaultServerSocket.wait(for: Int16(POLLOUT), on: fd, wake: wake) else { return -1 }
            default:
                library.errorClear()
                return result
            }
        }
    }
}
