import Dispatch
import Foundation
import HTTPSeam
@testable import SocketTransport
import Synchronization
import Testing

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
        let loop = EventLoop()
        let first = await Task.detached(executorPreference: loop) { Self.threadID() }.value
        let second = await Task.detached(executorPreference: loop) { Self.threadID() }.value
        #expect(first == second)
        #expect(first != Self.threadID())
    }

    /// A wait's continuation resumes on the loop's thread when the task prefers the loop.
    @Test func aResumedWaitRunsOnTheLoopsThread() async throws {
        let loop = EventLoop()
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

    /// An exchange finishes while every thread of the global concurrency pool is blocked: the
    /// server answers only once they all are, and the pool is released only after the answer
    /// arrived (or 20 s passed, which fails the test).
    @Test func anExchangeFinishesWhileTheConcurrencyPoolIsBlocked() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { _ in .held(gate, .answer()) }
        defer { server.stop() }
        let session = SocketHTTPSession()
        let width = ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let finishedInTime = Mutex<Bool?>(nil)
        let request = ConnectionPoolTests.query(port: server.port)
        // Starts on the loop, not the pool.
        let exchange = Task.detached(executorPreference: EventLoop.shared) { () async throws -> Int in
            let response = try await session.send(request)
            done.signal()
            return response.statusCode
        }
        for _ in 0..<width { Task.detached { Self.block(signalling: started, until: release) } }
        // Off the pool: lets the server answer once the pool is blocked, then frees the pool.
        Thread {
            for _ in 0..<width { started.wait() }
            gate.open()
            let inTime = done.wait(timeout: .now() + 20) == .success
            finishedInTime.withLock { $0 = inTime }
            for _ in 0..<width { release.signal() }
        }.start()
        let status = try await exchange.value
        #expect(status == 200)
        #expect(finishedInTime.withLock { $0 } == true)
    }

    /// Holds a thread of the pool until `release` is signalled.
    private static func block(signalling started: DispatchSemaphore, until release: DispatchSemaphore) {
        started.signal()
        release.wait()
    }
}
