import Glibc
import POSIXSupport
import Synchronization

/// Calls back when named files of one folder are written, created, renamed or deleted: Linux's
/// inotify, read on a detached thread that sleeps in `poll(2)` until the kernel reports a
/// change. No timer runs while nothing changes.
///
/// The callback runs on that thread, once per batch of events the kernel delivers (several
/// writes may come as one call); it must return quickly. The monitor ends with ``stop()`` or
/// when it is released, and by itself when the folder goes away (``isActive`` turns `false`).
package final class FileChangeMonitor: Sendable {
    private let state: Shared

    /// What the monitor and its thread share: the descriptors stay open until both let go, so
    /// ``stop()`` never writes to a number the system has given to another file meanwhile.
    private final class Shared: Sendable {
        /// The inotify instance.
        let queue: Int32
        /// The pipe that wakes the thread to end it: the thread polls the reading end, ``stop()``
        /// writes to the other.
        let wakeReader: Int32
        let wake: Int32
        let stopped = Atomic<Bool>(false)
        let active = Atomic<Bool>(true)

        init(queue: Int32, wakeReader: Int32, wake: Int32) {
            self.queue = queue
            self.wakeReader = wakeReader
            self.wake = wake
        }

        deinit {
            close(queue)
            close(wakeReader)
            close(wake)
        }
    }

    /// Whether changes are still being reported: `false` once stopped, once the folder is gone,
    /// or after a failure of the kernel's queue (the caller then has to look for itself).
    package var isActive: Bool { state.active.load(ordering: .acquiring) }

    /// Starts watching `folder` for changes to the files named `names` (bare names, no slash).
    /// `nil` when the system cannot report them: inotify's per-user limit of
    /// instances or watches reached, or the folder cannot be watched. A caller then polls.
    package init?(folder: String, names: Set<String>, onChange: @escaping @Sendable () -> Void) {
        let queue = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard queue >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(queue, folder, mask | UInt32(IN_ONLYDIR)) >= 0 else {
            close(queue)
            return nil
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(queue)
            return nil
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let state = Shared(queue: queue, wakeReader: ends[0], wake: ends[1])
        guard DetachedThread.start({ Self.run(names: names, state: state, onChange: onChange) }) else { return nil }
        self.state = state
    }

    deinit { stop() }

    /// Ends the monitor: the thread ends once the wake-up reaches it (a callback under way
    /// finishes first).
    package func stop() {
        guard !state.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        state.active.store(false, ordering: .releasing)
        var byte: UInt8 = 1
        _ = SystemCall.repeating { write(state.wake, &byte, 1) }
    }

    /// The thread's loop: sleeps until the kernel has events or the monitor is stopped.
    private static func run(names: Set<String>, state: Shared, onChange: @Sendable () -> Void) {
        defer { state.active.store(false, ordering: .releasing) }
        let queue = state.queue
        var descriptors = [pollfd(fd: queue, events: Int16(POLLIN), revents: 0), pollfd(fd: state.wakeReader, events: Int16(POLLIN), revents: 0)]
        // Room for many events at once; each is a header and a name padded to the alignment.
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !state.stopped.load(ordering: .acquiring) {
            let ready = SystemCall.repeating { poll(&descriptors, 2, -1) }
            guard ready >= 0, descriptors[1].revents == 0 else { return }
            guard descriptors[0].revents & Int16(POLLIN) != 0 else { return }
            switch drain(queue, into: &buffer, names: names) {
            case .nothing: continue
            case .changed: onChange()
            case .folderGone:
                onChange()
                return
            case .failed: return
            }
        }
    }

    /// What a drain of the kernel's queue found.
    private enum Drained { case nothing, changed, folderGone, failed }

    /// Reads every queued event: whether one named a watched file, or the folder itself went.
    private static func drain(_ queue: Int32, into buffer: inout [UInt8], names: Set<String>) -> Drained {
        var found = Drained.nothing
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                SystemCall.repeating { read(queue, bytes.baseAddress, bytes.count) }
            }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? found : .failed }
            if count == 0 { return found }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                let nameStart = offset + header
                let nameEnd = min(count, nameStart + length)
                offset = nameStart + length
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT) != 0 { return .folderGone }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    found = .changed
                    continue
                }
                guard found == .nothing, nameEnd > nameStart else { continue }
                let raw = buffer[nameStart..<nameEnd]
                let name = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                if names.contains(name) { found = .changed }
            }
        }
    }
}
