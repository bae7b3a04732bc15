import POSIXSupport
@testable import SocketSystem
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Epoll's wait tells a set that cannot be waited on from a wait that saw no events, so the
/// event loop's thread never spins on a broken set.
@Suite("Epoll", .timeLimit(.minutes(1)))
struct EpollTests {
    /// Room for a few events, freed by the caller.
    private static func events() -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * Epoll.eventSize, alignment: 8)
    }

    @Test func aWaitOnAClosedDescriptorIsEBADF() throws {
        // -1 is never an open descriptor; a number once open could be reused by another test.
        let epoll = try #require(Epoll(descriptor: -1))
        let buffer = Self.events()
        defer { buffer.deallocate() }
        #expect(throws: SystemCallError("epoll_wait", code: EBADF)) { try epoll.wait(into: buffer, until: .now) }
        #expect(throws: SystemCallError("epoll_wait", code: EBADF)) { try epoll.wait(into: buffer, until: nil) }
    }

    @Test func aWaitOnADescriptorThatIsNoEpollSetIsEINVAL() throws {
        var pipeEnds: [Int32] = [-1, -1]
        try #require(pipe(&pipeEnds) == 0)
        defer { for end in pipeEnds { close(end) } }
        let epoll = try #require(Epoll(descriptor: pipeEnds[0]))
        let buffer = Self.events()
        defer { buffer.deallocate() }
        #expect(throws: SystemCallError("epoll_wait", code: EINVAL)) { try epoll.wait(into: buffer, until: .now) }
    }

    @Test func aSetWithNothingReadyGivesNoEventsOnceTheDeadlinePassed() throws {
        let epoll = try #require(Epoll())
        defer { close(epoll.descriptor) }
        let buffer = Self.events()
        defer { buffer.deallocate() }
        #expect(try epoll.wait(into: buffer, until: .now) == 0)
        #expect(try epoll.wait(into: buffer, until: .now - .seconds(1)) == 0)
    }

    @Test func aReadyDescriptorIsReportedWithItsToken() throws {
        let epoll = try #require(Epoll())
        var pipeEnds: [Int32] = [-1, -1]
        try #require(pipe(&pipeEnds) == 0)
        defer { for end in pipeEnds + [epoll.descriptor] { close(end) } }
        #expect(epoll.add(pipeEnds[0], events: Epoll.readable, token: 42) == nil)
        var byte: UInt8 = 1
        try #require(write(pipeEnds[1], &byte, 1) == 1)
        let buffer = Self.events()
        defer { buffer.deallocate() }
        // No deadline: the byte is already there, so the wait returns at once.
        #expect(try epoll.wait(into: buffer, until: nil) == 1)
        let event = Epoll.event(0, in: buffer)
        #expect(event.token == 42)
        #expect(event.events & Epoll.readable != 0)
    }
}
