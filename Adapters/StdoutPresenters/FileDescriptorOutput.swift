#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Ports
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

    public func write(_ text: String) {
        guard state.code.load(ordering: .acquiring) == 0 else { return }
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = systemWrite(descriptor, base + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    // A non-blocking descriptor that is full: wait until it drains.
                    var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    guard poll(&request, 1, -1) >= 0 || errno == EINTR else { return record(errno) }
                } else {
                    // EPIPE: the reader is gone. Anything else: the data is lost.
                    return record(errno)
                }
            }
        }
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
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

/// The shared, thread-safe record of a ``FileDescriptorOutput``'s first failed write.
private final class FirstWriteError: Sendable {
    let code = Atomic<Int32>(0)
}
