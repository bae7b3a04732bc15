import Glibc
import Ports
import POSIXSupport
import Presentation
import Synchronization

/// A text output that writes UTF-8 straight to a file descriptor with `write(2)`, unbuffered.
///
/// Creating one makes the process ignore `SIGPIPE`, so that a reader that goes away
/// (`rocket-reserver launches | head -1`) ends the output quietly instead of killing the
/// process: a write that fails with `EPIPE` is dropped, and so is all later output. Any other
/// failure (`ENOSPC`, `EIO`: `> /dev/full`) is remembered in ``failure`` for the caller to
/// report, and later output is dropped too.
public struct FileDescriptorOutput: TextOutput {
    /// The descriptor written to; it is not closed by this value.
    public let descriptor: Int32
    /// 0 while every write succeeded, else the `errno` of the first failed one.
    private let state = FirstWriteError()

    /// Writes to `descriptor`, which stays owned by the caller.
    public init(descriptor: Int32) {
        _ = Self.brokenPipeIgnored
        self.descriptor = descriptor
    }

    /// The `errno` of the first write that failed for a reason other than a closed pipe.
    public var failure: Int32? {
        let code = state.code.load(ordering: .acquiring)
        return code == 0 || code == EPIPE ? nil : code
    }

    /// Whether a write has failed, for any reason (a closed pipe included): later output is dropped.
    public var isClosed: Bool {
        state.code.load(ordering: .acquiring) != 0
    }

    public func write(_ text: String) {
        guard state.code.load(ordering: .acquiring) == 0 else { return }
        var text = text
        let descriptor = self.descriptor
        let failure = text.withUTF8 { bytes -> Int32? in
            do throws(SystemCallError) {
                // A non-blocking descriptor that is full: wait until it drains.
                return try SystemCall.writeAll(UnsafeRawBufferPointer(bytes), whenWouldBlock: { () throws(SystemCallError) in
                    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    guard SystemCall.repeating({ poll(&request, 1, -1) }) >= 0 else { throw SystemCallError("poll") }
                }) { systemWrite(descriptor, $0, $1) }
            } catch {
                return error.code
            }
        }
        // EPIPE: the reader is gone. Anything else: the data is lost.
        if let failure { record(failure) }
    }

    private func record(_ code: Int32) {
        _ = state.code.compareExchange(expected: 0, desired: code == 0 ? EIO : code, ordering: .acquiringAndReleasing)
    }

    /// Ignores `SIGPIPE` once for the whole process.
    private static let brokenPipeIgnored: Bool = {
        signal(SIGPIPE, SIG_IGN)
        return true
    }()
}

/// POSIX `write(2)`, named apart from ``FileDescriptorOutput/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    Glibc.write(descriptor, bytes, count)
}

/// The shared, thread-safe record of a ``FileDescriptorOutput``'s first failed write.
private final class FirstWriteError: Sendable {
    let code = Atomic<Int32>(0)
}
