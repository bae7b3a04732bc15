import POSIXSupport
#if canImport(Glibc)
import Glibc
#endif

/// Linux's `epoll(7)` calls, looked up in the C library at run time: Glibc's Swift module does
/// not include `<sys/epoll.h>`, and the package takes no C headers. The constants and the
/// layout of `struct epoll_event` are the kernel's ABI.
package struct Epoll: @unchecked Sendable {
    package static let readable: UInt32 = 0x001  // EPOLLIN
    package static let writable: UInt32 = 0x004  // EPOLLOUT
    package static let oneShot: UInt32 = 1 << 30  // EPOLLONESHOT
    private static let add: Int32 = 1  // EPOLL_CTL_ADD
    private static let delete: Int32 = 2  // EPOLL_CTL_DEL
    private static let closeOnExec: Int32 = 0o2_000_000  // EPOLL_CLOEXEC (O_CLOEXEC)

    /// `struct epoll_event`: 32-bit events, then 64-bit data, packed on x86-64 (12 bytes) and
    /// naturally aligned elsewhere (16 bytes).
    #if arch(x86_64)
    package static let eventSize = 12
    private static let dataOffset = 4
    #else
    package static let eventSize = 16
    private static let dataOffset = 8
    #endif

    private typealias Create = @convention(c) (Int32) -> Int32
    private typealias Control = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias Wait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32

    private let control: Control
    private let waitFunction: Wait
    /// The epoll set's descriptor.
    package let descriptor: Int32

    /// A new epoll instance, or `nil` when the C library lacks epoll or refuses one (`errno` says why).
    package init?() {
        // A null handle is RTLD_DEFAULT: the C library the process already has.
        guard let create = dlsym(nil, "epoll_create1") else { return nil }
        let descriptor = unsafeBitCast(create, to: Create.self)(Self.closeOnExec)
        guard descriptor >= 0 else { return nil }
        self.init(descriptor: descriptor)
    }

    /// Epoll's calls on `descriptor`, which the caller made (a test gives one that is not an
    /// open epoll set); `nil` when the C library lacks epoll.
    init?(descriptor: Int32) {
        guard let control = dlsym(nil, "epoll_ctl"), let wait = dlsym(nil, "epoll_wait") else { return nil }
        self.control = unsafeBitCast(control, to: Control.self)
        self.waitFunction = unsafeBitCast(wait, to: Wait.self)
        self.descriptor = descriptor
    }

    /// Adds `fd` for `events`, reported with `token`; `errno` on failure.
    package func add(_ fd: Int32, events: UInt32, token: UInt64) -> Int32? {
        var event = [UInt8](repeating: 0, count: Self.eventSize)
        event.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
            bytes.storeBytes(of: token, toByteOffset: Self.dataOffset, as: UInt64.self)
        }
        let result = event.withUnsafeMutableBytes { control(descriptor, Self.add, fd, $0.baseAddress) }
        return result == 0 ? nil : errno
    }

    /// Removes `fd` (nothing happens when it is not there).
    package func remove(_ fd: Int32) {
        var event = [UInt8](repeating: 0, count: Self.eventSize)
        _ = event.withUnsafeMutableBytes { control(descriptor, Self.delete, fd, $0.baseAddress) }
    }

    /// Waits until `deadline` (`nil`: no limit; one that has passed: only looks) for events into
    /// `buffer` (room for `buffer.count / eventSize` of them); how many arrived, 0 once the
    /// deadline has passed.
    ///
    /// A wait a signal interrupts (`EINTR`) is made again, for the time left. Any other failure is
    /// thrown rather than read as "no events": a descriptor that is no open epoll set (`EBADF`,
    /// `EINVAL`) fails again at once, and a loop that took it for a timeout would spin.
    package func wait(into buffer: UnsafeMutableRawBufferPointer, until deadline: ContinuousClock.Instant?) throws(SystemCallError) -> Int {
        let capacity = Int32(buffer.count / Self.eventSize)
        let count = SystemCall.repeating {
            waitFunction(descriptor, buffer.baseAddress, capacity, deadline.map { ($0 - .now).waitMilliseconds } ?? -1)
        }
        guard count >= 0 else { throw SystemCallError("epoll_wait") }
        return Int(count)
    }

    /// The events and the token of event `index` in `buffer`.
    package static func event(_ index: Int, in buffer: UnsafeMutableRawBufferPointer) -> (events: UInt32, token: UInt64) {
        let base = index * eventSize
        return (
            buffer.loadUnaligned(fromByteOffset: base, as: UInt32.self),
            buffer.loadUnaligned(fromByteOffset: base + dataOffset, as: UInt64.self)
        )
    }
}
