import Foundation
import Transport
import SocketEventLoop
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The loop's timers taken out before they run, and waits ended early by a ``WakeUpFlag``.
@Suite(.timeLimit(.minutes(1)))
struct EventLoopTimerTests {
    @Test func aCancelledTimerNeverRuns() async throws {
        try await withOwnLoop { loop in
            let start = ContinuousClock.now
            let cancelled = try loop.schedule(at: start + .milliseconds(20)) { Issue.record("a cancelled timer ran") }
            #expect(loop.cancel(cancelled))
            #expect(loop.timerCount == 0)
            // Timers run in order of their deadlines: had the first stayed, it would run before this one.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                _ = try? loop.schedule(at: start + .milliseconds(60)) { continuation.resume() }
            }
            #expect(loop.cancel(cancelled) == false)
            #expect(loop.timerCount == 0)
        }
    }

    @Test func theTimerHeapTakesOutAnyTimerAndKeepsTheOrder() {
        var heap = TimerHeap()
        let base = ContinuousClock.now
        for (index, offset) in [5, 1, 4, 2, 3, 0, 6].enumerated() { heap.push(base + .seconds(offset), UInt64(index)) }
        heap.remove(3)  // +2 s
        heap.remove(6)  // +6 s, the last entry
        heap.remove(42)  // not there
        #expect(heap.count == 5)
        var order: [UInt64] = []
        while let first = heap.first {
            order.append(first.id)
            heap.popFirst()
        }
        #expect(order == [5, 1, 4, 2, 0])
    }

    @Test func aRaisedFlagEndsAWaitWithNothingElseToWaitFor() async throws {
        try await withOwnLoop { loop in
            let flag = WakeUpFlag()
            async let woken = loop.wait(for: [], orWakeUp: flag, until: nil)
            #expect(await ConnectionPoolTests.eventually { loop.waitCount == 1 })
            flag.raise()
            let readiness = try await woken
            #expect(readiness.wokenUp)
            #expect(loop.waitCount == 0)
        }
    }

    @Test func aFlagRaisedBeforeTheWaitEndsItAtOnceAndOnlyOnce() async throws {
        try await withOwnLoop { loop in
            let flag = WakeUpFlag()
            flag.raise()
            let first = try await loop.wait(for: [], orWakeUp: flag, until: .now + .seconds(3_600))
            #expect(first.wokenUp)
            // Taken by the first wait: the next one waits for its deadline.
            let error = await #expect(throws: HTTPTransportError.self) {
                _ = try await loop.wait(for: [], orWakeUp: flag, until: .now + .milliseconds(20))
            }
            #expect(error?.kind == .timedOut)
            #expect(loop.timerCount == 0)
        }
    }

    @Test func aRaiseEndsAWaitForASocketAndLeavesTheSocketFree() async throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let reader = ends[0]
        try await withOwnLoop { loop in
            let flag = WakeUpFlag()
            async let woken = loop.wait(for: [.readable(reader)], orWakeUp: flag, until: .now + .seconds(3_600))
            #expect(await ConnectionPoolTests.eventually { loop.waitCount == 1 })
            flag.raise()
            let readiness = try await woken
            #expect(readiness.wokenUp)
            #expect(readiness.events == [0])
            // The socket and the timer left with the wait: the socket can be waited for again.
            #expect(loop.timerCount == 0)
            var byte: UInt8 = 1
            #expect(send(ends[1], &byte, 1, 0) == 1)
            let ready = try await loop.wait(for: [.readable(reader)], orWakeUp: flag, until: .now + .seconds(3_600))
            #expect(ready.wokenUp == false)
            #expect(ready.events[0] & EventLoop.readable != 0)
        }
    }
}
