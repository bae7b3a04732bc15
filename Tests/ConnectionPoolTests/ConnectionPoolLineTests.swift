import Foundation
import Transport
@testable import SocketTransport
import SocketEventLoop
import Testing

/// A queued request's deadline is a timer on the pool's event loop, and it leaves with the
/// request: served, cancelled or timed out, nothing stays set.
@Suite("Connection pool's line", .timeLimit(.minutes(1)))
struct ConnectionPoolLineTests {
    /// A session whose pool holds one connection, kept for nothing (so no reaper's timer is
    /// set), on `loop`.
    private func session(on loop: EventLoop) -> SocketHTTPSession {
        let options = ConnectionPoolOptions(maximumConnectionsPerOrigin: 1, idleTimeout: .zero)
        return SocketHTTPSession(tls: TLSConfiguration(), proxies: .none, limits: HTTPResponseLimits(), pool: ConnectionPool(options: options, loop: loop))
    }

    @Test func servingAQueuedRequestTakesOutItsTimer() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { request in request.connection == 1 ? .held(gate, .answer()) : .answer() }
        defer { server.stop() }
        try await withOwnLoop { loop in
            let session = session(on: loop)
            let port = server.port
            let origin = ConnectionOrigin(secure: false, host: "127.0.0.1", port: port, proxy: nil)
            async let first = session.send(ConnectionPoolTests.query(port: port, timeout: .seconds(3_600)))
            #expect(await server.wait { $0.requests.count == 1 })
            async let second = session.send(ConnectionPoolTests.query(port: port, timeout: .seconds(3_600)))
            #expect(await ConnectionPoolTests.eventually { session.pool.count(origin).waiting == 1 })
            // The queued request's deadline, an hour away, is the one timer on the pool's loop.
            #expect(loop.timerCount == 1)
            gate.open()
            let firstStatus = try await first.statusCode
            #expect(firstStatus == 200)
            let secondStatus = try await second.statusCode
            #expect(secondStatus == 200)
            #expect(loop.timerCount == 0)
        }
    }

    @Test func cancellingAQueuedRequestTakesOutItsTimer() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { _ in .held(gate, .answer()) }
        defer { server.stop() }
        try await withOwnLoop { loop in
            let session = session(on: loop)
            let port = server.port
            let origin = ConnectionOrigin(secure: false, host: "127.0.0.1", port: port, proxy: nil)
            async let first = session.send(ConnectionPoolTests.query(port: port, timeout: .seconds(3_600)))
            #expect(await server.wait { $0.requests.count == 1 })
            let queued = Task { try await session.send(ConnectionPoolTests.query(port: port, timeout: .seconds(3_600))) }
            #expect(await ConnectionPoolTests.eventually { session.pool.count(origin).waiting == 1 })
            #expect(loop.timerCount == 1)
            queued.cancel()
            await #expect(throws: CancellationError.self) { try await queued.value }
            #expect(loop.timerCount == 0)
            gate.open()
            let firstStatus = try await first.statusCode
            #expect(firstStatus == 200)
        }
    }

    @Test func aQueuedRequestTimesOutOnThePoolsLoop() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { _ in .held(gate, .answer()) }
        defer { server.stop() }
        try await withOwnLoop { loop in
            let session = session(on: loop)
            let port = server.port
            async let first = session.send(ConnectionPoolTests.query(port: port, timeout: .seconds(3_600)))
            #expect(await server.wait { $0.requests.count == 1 })
            let error = await #expect(throws: HTTPTransportError.self) {
                try await session.send(ConnectionPoolTests.query(port: port, timeout: .milliseconds(100)))
            }
            #expect(error?.kind == .timedOut)
            #expect(loop.timerCount == 0)
            gate.open()
            let firstStatus = try await first.statusCode
            #expect(firstStatus == 200)
            #expect(server.snapshot.requests.count == 1)
        }
    }
}
