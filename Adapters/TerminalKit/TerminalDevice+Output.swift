import Glibc
import POSIXSupport
import Synchronization

/// The terminal's settings taken over and given back, the wake pipe written, bytes written out.
extension TerminalDevice {
    /// Raw mode, the alternate screen, no cursor, bracketed paste (called with the state locked).
    func takeOver(_ session: Session) {
        var raw = session.raw
        _ = SystemCall.repeating { tcsetattr(input, TCSAFLUSH, &raw) }
        _ = writeAll(ControlSequences.takeOver)
    }

    /// The terminal as ``start()`` found it (called with the state locked).
    func giveBack(_ session: Session) {
        _ = writeAll(ControlSequences.giveBack)
        var saved = session.saved
        _ = SystemCall.repeating { tcsetattr(input, TCSAFLUSH, &saved) }
    }

    /// Writes a signal's number (or the stop command) to the session's wake pipe.
    func wake(session id: Int, with command: UInt8) {
        state.withLock { state in
            guard let session = state.session, session.id == id else { return }
            var command = command
            // A full pipe already wakes the thread; the byte is dropped.
            _ = SystemCall.repeating { write(session.wake, &command, 1) }
        }
    }

    /// How long a write waits for a full output to drain before the frame is given up.
    private static let drainWait = Duration.seconds(1)

    /// Writes all of `bytes` to the output: `nil`, or the `errno` that stopped it (`EAGAIN`
    /// when the output did not drain within ``drainWait``).
    func writeAll(_ bytes: [UInt8]) -> Int32? {
        let output = self.output
        return bytes.withUnsafeBytes { buffer -> Int32? in
            do throws(SystemCallError) {
                return try SystemCall.writeAll(buffer, whenWouldBlock: { () throws(SystemCallError) in
                    var request = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    let ready = SystemCall.repeating { poll(&request, 1, Self.drainWait.waitMilliseconds) }
                    guard ready > 0 else { throw SystemCallError("poll", code: ready == 0 ? EAGAIN : errno) }
                }) { write(output, $0, $1) }
            } catch {
                return error.code
            }
        }
    }
}
