import Dispatch
import Foundation
import Transport
@testable import SocketTransport
import SocketEventLoop
import Synchronization
import Testing
import TestExpectations

/// The event loop as a task executor: code with its preference runs on the loop's thread, a
/// job enqueued while the thread sleeps wakes it, and an exchange needs no thread of the global
/// concurrency pool.
@Suite(.timeLimit(.minutes(1)))
struct EventLoopExecutorTests {
    /// The thread a job runs on, as a number that can cross tasks.
    private static func threadID() -> UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

    /// Two jobs in turn on a loop of their own, which sleeps with nothing to wait for between
    /// them: the second runs only when enqueueing it wakes the sleeping thread.
    @Test func aJobEnqueuedWhileTheLoopSleepsWakesIt() async {
        await withOwnLoop { loop in
            let first = await Task.detached(executorPreference: loop) { Self.threadID() }.value
            let second = await Task.detached(executorPreference: loop) { Self.threadID() }.value
            #expect(first == second)
            #expect(first != Self.threadID())
        }
    }

    /// A wait's continuation resumes on the loop's thread when the task prefers the loop.
    @Test func aResumedWaitRunsOnTheLoopsThread() async throws {
        try await withOwnLoop { loop in
            let (before, after) = try await Task.detached(executorPreference: loop) { () async throws -> (UInt, UInt) in
                let before = Self.threadID()
                // Nothing to read: the wait ends at its deadline, resumed by the loop.
                var ends: [Int32] = [-1, -1]
                _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &ends)
                defer { close(ends[0]); close(ends[1]) }
                _ = try? await loop.wait(for: .readable(ends[0]), until: .now + .milliseconds(20))
                return (before, Self.threadID())
            }.value
            #expect(before == after)
        }
    }

    /// An exchange started from the pool finishes while every thread of the global concurrency
    /// pool is blocked: the pool is blocked once the exchange has reached the connection pool,
    /// the server answers only once every pool thread is held, and the pool is released only
    /// after the exchange handed its connection back (or 20 s passed, which fails the test).
    /// The connection pool's clock is the probe: it is read when a connection is asked for and
    /// when one is handed back.
    ///
    /// It holds every thread of the process's concurrency pool, so it runs on its own: beside
    /// the parallel run, the other tests' tasks wait for it (and it for them).
    @Test(.runsOnItsOwn) func anExchangeFinishesWhileTheConcurrencyPoolIsBlocked() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { _ in .held(gate, .answer()) }
        defer { server.stop() }
        let entered = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        /// 0: nothing yet; 1: the exchange asked for a connection; 2: the server may answer.
        let phase = Mutex(0)
        let options = ConnectionPoolOptions(maximumConnectionsPerOrigin: 8, idleTimeout: .seconds(30))
        let pool = ConnectionPool(options: options) {
            switch phase.withLock({ phase -> Int in
                defer { if phase == 0 { phase = 1 } }
                return phase
            }) {
            case 0: entered.signal()
            case 2: done.signal()
            default: break
            }
            return .now
        }
        let session = SocketHTTPSession(tls: TLSConfiguration(), proxies: .none, limits: HTTPResponseLimits(), pool: pool)
        let width = ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finishedInTime = Mutex<Bool?>(nil)
        // Off the pool: blocks the pool once the exchange is under way, lets the server answer,
        // waits for the exchange to hand its connection back, then frees the pool.
        Thread {
            guard entered.wait(timeout: .now() + 20) == .success else {
                finishedInTime.withLock { $0 = false }
                gate.open()
                return
            }
            for _ in 0..<width { Task.detached { Self.block(signalling: started, until: release) } }
            for _ in 0..<width { started.wait() }
            phase.withLock { $0 = 2 }
            gate.open()
            let inTime = done.wait(timeout: .now() + 20) == .success
            finishedInTime.withLock { $0 = inTime }
            for _ in 0..<width { release.signal() }
        }.start()
        let request = ConnectionPoolTests.query(port: server.port, timeout: .seconds(60))
        let status = try await Task.detached { try await session.send(request).statusCode }.value
        #expect(status == 200)
        #expect(finishedInTime.withLock { $0 } == true)
    }

    /// Holds a thread of the pool until `release` is signalled.
    private static func block(signalling started: DispatchSemaphore, until release: DispatchSemaphore) {
        started.signal()
        release.wait()
    }
}
