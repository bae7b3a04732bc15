import Foundation
import Transport
@testable import SocketTransport
import SocketEventLoop
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The event loop's waits: readiness, deadlines, cancellation and scheduled work.
@Suite(.timeLimit(.minutes(5)))
struct EventLoopTests {
    /// A connected pair of sockets, closed after `body`; a byte is written to the second when `written`.
    private func withPair<T>(written: Bool, _ body: (Int32) async throws -> T) async throws -> T {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        if written {
            var byte: UInt8 = 1
            #expect(send(ends[1], &byte, 1, 0) == 1)
        }
        return try await body(ends[0])
    }

    /// A task that gets to run only after the deadline still takes an answer that is there.
    @Test func anAnswerThatArrivedInTimeIsReadAfterTheDeadline() async throws {
        let events = try await withPair(written: true) { reader in
            try await EventLoop.shared.wait(for: .readable(reader), until: .now - .seconds(1))
        }
        #expect(events & EventLoop.readable != 0)
    }

    @Test func nothingThereAfterTheDeadlineIsATimeout() async throws {
        try await withPair(written: false) { reader in
            let error = await #expect(throws: HTTPTransportError.self) {
                _ = try await EventLoop.shared.wait(for: .readable(reader), until: .now - .seconds(1))
            }
            #expect(error?.kind == .timedOut)
        }
    }

    @Test func aWaitEndsWhenItsDeadlinePasses() async throws {
        try await withPair(written: false) { reader in
            let error = await #expect(throws: HTTPTransportError.self) {
                _ = try await EventLoop.shared.wait(for: .readable(reader), until: .now + .milliseconds(50))
            }
            #expect(error?.kind == .timedOut)
        }
    }

    @Test func aWaitEndsWhenTheSocketBecomesReady() async throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let reader = ends[0]
        let writer = ends[1]
        async let events = EventLoop.shared.wait(for: [.readable(writer), .readable(reader)], until: .now + .seconds(30))
        var byte: UInt8 = 1
        #expect(send(writer, &byte, 1, 0) == 1)
        let ready = try await events
        #expect(ready[0] == 0)
        #expect(ready[1] & EventLoop.readable != 0)
    }

    @Test func cancellingAWaitEndsItAtOnce() async throws {
        // A loop of its own, so that its count of waits is this test's alone.
        try await withOwnLoop { loop in try await withPair(written: false) { reader in
            let waiting = Task { try await loop.wait(for: .readable(reader), until: .now + .seconds(3_600)) }
            while loop.waitCount == 0 { await Task.yield() }
            waiting.cancel()
            await #expect(throws: CancellationError.self) { _ = try await waiting.value }
            #expect(loop.waitCount == 0)
            // The socket left epoll with the wait: it can be waited for again (not EEXIST).
            let error = await #expect(throws: HTTPTransportError.self) {
                _ = try await loop.wait(for: .readable(reader), until: .now + .milliseconds(20))
            }
            #expect(error?.kind == .timedOut)
        } }
    }

    @Test func scheduledWorkRunsAfterItsDeadline() async {
        let start = ContinuousClock.now
        let ranAt: ContinuousClock.Instant = await withCheckedContinuation { continuation in
            _ = try? EventLoop.shared.schedule(at: start + .milliseconds(30)) { continuation.resume(returning: .now) }
        }
        #expect(ranAt >= start + .milliseconds(30))
    }

    @Test func theTimerHeapGivesDeadlinesInOrder() {
        var heap = TimerHeap()
        let base = ContinuousClock.now
        for (index, offset) in [5, 1, 4, 2, 3, 0].enumerated() { heap.push(base + .seconds(offset), UInt64(index)) }
        var order: [UInt64] = []
        while let first = heap.first {
            order.append(first.id)
            heap.popFirst()
        }
        #expect(order == [5, 1, 3, 4, 2, 0])
    }
}
