import Foundation
import Transport
@testable import SocketEventLoop
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The event loop's shutdown: its thread ends, its descriptors close, waits pending then fail,
/// and later work is refused with a typed error rather than left hanging.
@Suite(.timeLimit(.minutes(1)))
struct EventLoopLifecycleTests {
    /// The kernel's id of the thread a job runs on (`/proc/thread-self` is `<pid>/task/<tid>`).
    private static func threadID() -> String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return String(path.split(separator: "/").last ?? "")
    }

    @Test func shutdownEndsTheLoopsThread() async {
        let loop = EventLoop()
        let thread = await Task.detached(executorPreference: loop) { Self.threadID() }.value
        #expect(!thread.isEmpty && thread != Self.threadID())
        #expect(FileManager.default.fileExists(atPath: "/proc/self/task/\(thread)"))
        await loop.shutdown()
        // The thread has left its loop when shutdown returns; the kernel forgets it as it exits.
        #expect(await ConnectionPoolTests.eventually { !FileManager.default.fileExists(atPath: "/proc/self/task/\(thread)") })
    }

    @Test func shutdownClosesTheLoopsDescriptors() async throws {
        let loop = EventLoop()
        // The thread runs (and sleeps in epoll_wait) before the shutdown.
        _ = await Task.detached(executorPreference: loop) { 0 }.value
        let descriptors = loop.descriptors
        #expect(descriptors.count == 3)
        let before = descriptors.map(OpenDescriptors.identity(of:))
        #expect(before.allSatisfy { $0 != nil })
        // The epoll set is told from any other by the wake-up pair it watches.
        #expect(before.first??.contains("ino:") == true)
        await loop.shutdown()
        // Closed: each number is free, or holds a file another test opened since.
        let after = descriptors.map(OpenDescriptors.identity(of:))
        for (was, now) in zip(before, after) { #expect(now != was) }
    }

    @Test func aLoopThatNeverRanClosesItsDescriptorsToo() async {
        let loop = EventLoop()
        let descriptors = loop.descriptors
        let before = descriptors.map(OpenDescriptors.identity(of:))
        await loop.shutdown()
        let after = descriptors.map(OpenDescriptors.identity(of:))
        for (was, now) in zip(before, after) { #expect(now != was) }
    }

    @Test func aWaitPendingAtShutdownFailsWithTheLoopsError() async throws {
        let loop = EventLoop()
        try await withSocketPair { reader in
            async let waited: UInt32 = loop.wait(for: .readable(reader), until: .now + .seconds(3_600))
            #expect(await ConnectionPoolTests.eventually { loop.waitCount == 1 })
            await loop.shutdown()
            do {
                _ = try await waited
                Issue.record("the wait went on after the shutdown")
            } catch {
                #expect(error as? EventLoopError == .shutDown(.wait))
            }
            #expect(loop.waitCount == 0)
        }
    }

    @Test func aTimerPendingAtShutdownNeverRuns() async {
        let loop = EventLoop()
        _ = try? loop.schedule(at: .now + .seconds(3_600)) { Issue.record("a timer ran after the shutdown") }
        #expect(loop.timerCount == 1)
        await loop.shutdown()
        #expect(loop.timerCount == 0)
    }

    @Test func workAfterShutdownIsRefusedWithTheLoopsError() async throws {
        let loop = EventLoop()
        await loop.shutdown()
        try await withSocketPair { reader in
            await #expect(throws: EventLoopError.shutDown(.wait)) {
                _ = try await loop.wait(for: .readable(reader), until: .now + .seconds(3_600))
            }
            await #expect(throws: EventLoopError.shutDown(.wait)) {
                _ = try await loop.wait(for: [], orWakeUp: WakeUpFlag(), until: nil)
            }
        }
        #expect(throws: EventLoopError.shutDown(.timer)) { try loop.schedule(at: .now) {} }
        await #expect(throws: EventLoopError.shutDown(.operation)) { try await loop.run { 1 } }
        // A task that prefers the loop still runs, on the global pool.
        #expect(await Task.detached(executorPreference: loop) { 7 }.value == 7)
    }

    @Test func shuttingDownTwiceOrAtOnceFromTwoTasksIsFine() async {
        let loop = EventLoop()
        _ = await Task.detached(executorPreference: loop) { 0 }.value
        async let first: Void = loop.shutdown()
        async let second: Void = loop.shutdown()
        await first
        await second
        await loop.shutdown()
        #expect(loop.waitCount == 0)
    }

    /// The loop's own task may shut it down: it goes on, on the global pool.
    @Test func aTaskOnTheLoopCanShutItDown() async throws {
        let loop = EventLoop()
        let thread = try await loop.run {
            let thread = Self.threadID()
            await loop.shutdown()
            return thread
        }
        #expect(await ConnectionPoolTests.eventually { !FileManager.default.fileExists(atPath: "/proc/self/task/\(thread)") })
    }

    /// A thread's late report of its end (as a lost thread sends) after the shutdown leaves the
    /// loop closed: a closed loop that turned idle again would close its old numbers once more
    /// when it went, and those numbers belong to other files by then (this closed other tests'
    /// sockets in the parallel run).
    @Test func aLateEndAfterTheShutdownLeavesTheLoopClosed() async {
        let loop = EventLoop()
        _ = await Task.detached(executorPreference: loop) { 0 }.value
        await loop.shutdown()
        #expect(loop.isClosed)
        loop.threadEnded(failing: CancellationError())
        #expect(loop.isClosed)
        #expect(throws: EventLoopError.shutDown(.timer)) { try loop.schedule(at: .now) {} }
    }

    /// A connected pair of non-blocking sockets, closed after `body`, which gets the first.
    private func withSocketPair(_ body: (Int32) async throws -> Void) async throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        try await body(ends[0])
    }
}
