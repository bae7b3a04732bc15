import Glibc
import POSIXSupport
import TerminalModel

/// The loop a ``TerminalDevice``'s input thread runs: it waits on the input and on the wake
/// pipe, decodes keys, acts on signals, and yields the events, until the stop command.
struct InputReader: Sendable {
    let device: TerminalDevice
    let session: Int
    /// The read end of the wake pipe; this loop closes it when it ends.
    let wake: Int32
    let continuation: AsyncStream<TerminalEvent>.Continuation

    /// The most bytes one read takes.
    static let readSize = 4096

    func run() {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        var commands = [UInt8](repeating: 0, count: 64)
        var inputOpen = true
        defer { close(wake) }
        while true {
            // Once the input has ended only the wake pipe is watched (a negative fd is skipped).
            var watched = [
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inputOpen ? device.input : -1, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = decoder.hasPending ? device.escapeTimeout.waitMilliseconds : -1
            // A signal (SIGWINCH, SIGCONT) interrupts the wait: it is made again.
            let ready = SystemCall.repeating { poll(&watched, 2, timeout) }
            if ready < 0 { return waitForStop() }
            if ready == 0 {
                deliver(decoder.flushPending())
                continue
            }
            if watched[0].revents != 0 {
                let count = SystemCall.repeating { commands.withUnsafeMutableBytes { read(wake, $0.baseAddress, $0.count) } }
                guard count > 0 else { return }
                for command in commands[0..<count] {
                    if command == TerminalDevice.stopCommand { return }
                    act(onSignal: Int32(command))
                }
            }
            if inputOpen, watched[1].revents != 0 {
                let count = SystemCall.repeating { buffer.withUnsafeMutableBytes { read(device.input, $0.baseAddress, $0.count) } }
                if count > 0 {
                    deliver(decoder.feed(buffer[0..<count]))
                } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                    // End of file, or the terminal hung up: no key will come.
                    inputOpen = false
                    deliver(decoder.flushPending())
                    continuation.finish()
                }
            }
        }
    }

    private func deliver(_ keys: [Key]) {
        for key in keys {
            if key == .control("z") {
                if device.suspend(session: session) { continuation.yield(.redraw) }
            } else {
                continuation.yield(.key(key))
            }
        }
    }

    private func act(onSignal number: Int32) {
        switch number {
        case SIGWINCH:
            if let size = device.resized(session: session) { continuation.yield(.resized(size)) }
        case SIGTSTP:
            if device.suspend(session: session) { continuation.yield(.redraw) }
        case SIGCONT:
            if device.continued(session: session) { continuation.yield(.redraw) }
        default:
            break
        }
    }

    /// After `poll` failed for good: blocks on the wake pipe until the stop command (or its end).
    private func waitForStop() {
        continuation.finish()
        var command: UInt8 = 1
        while SystemCall.repeating({ read(wake, &command, 1) }) == 1, command != TerminalDevice.stopCommand {}
    }
}
