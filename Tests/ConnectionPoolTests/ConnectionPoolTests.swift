import Foundation
import Transport
@testable import SocketTransport
import HTTPWire
import Synchronization
import Testing

/// The socket session's kept-alive connections against a loopback server that counts them.
@Suite("Connection pool", .timeLimit(.minutes(5)))
struct ConnectionPoolTests {
    /// A clock the pool's idle timeouts run on: it stands still (however long a busy machine
    /// takes) until the test moves it on.
    final class ManualClock: Sendable {
        private let base = ContinuousClock.now
        private let offset = Mutex(Duration.zero)
        func advance(by duration: Duration) { offset.withLock { $0 += duration } }
        var now: ContinuousClock.Instant { base + offset.withLock { $0 } }
    }

    private func session(
        bound: Int = 8, idleTimeout: Duration = .seconds(30), clock: ManualClock = ManualClock(), tls: TLSConfiguration = TLSConfiguration()
    ) -> SocketHTTPSession {
        let options = ConnectionPoolOptions(maximumConnectionsPerOrigin: bound, idleTimeout: idleTimeout)
        return SocketHTTPSession(tls: tls, proxies: .none, limits: HTTPResponseLimits(), pool: ConnectionPool(options: options, now: { clock.now }))
    }

    static func query(port: Int, scheme: String = "http", timeout: Duration = .seconds(20)) -> HTTPRequest {
        HTTPRequest(
            url: URL(string: "\(scheme)://127.0.0.1:\(port)/graphql") ?? URL(fileURLWithPath: "/"),
            body: Data(#"{"query":"query Q { a }"}"#.utf8), timeout: timeout, isIdempotent: true
        )
    }

    static func mutation(port: Int) -> HTTPRequest {
        HTTPRequest(
            url: URL(string: "http://127.0.0.1:\(port)/graphql") ?? URL(fileURLWithPath: "/"),
            body: Data(#"{"query":"mutation M { b }"}"#.utf8), timeout: .seconds(20), isIdempotent: false
        )
    }

    @Test func sequentialQueriesShareOneConnection() async throws {
        let server = try KeepAliveServer { _ in .answer() }
        defer { server.stop() }
        let session = session()
        for _ in 0..<5 {
            let response = try await session.send(Self.query(port: server.port))
            #expect(response.statusCode == 200)
        }
        let record = server.snapshot
        #expect(record.accepted == 1)
        #expect(record.requests.map(\.index) == [1, 2, 3, 4, 5])
        #expect(record.requests.allSatisfy { !$0.text.lowercased().contains("connection: close") })
    }

    @Test func aConnectionTheServerSaysItClosesIsNotReused() async throws {
        // The server says `Connection: close` but leaves the socket open: only the header tells.
        let server = try KeepAliveServer { _ in .answer(headers: ["Connection: close"]) }
        defer { server.stop() }
        let session = session()
        _ = try await session.send(Self.query(port: server.port))
        _ = try await session.send(Self.query(port: server.port))
        #expect(server.snapshot.accepted == 2)
        // The client closed the first one itself.
        #expect(await server.wait { $0.closedByClient >= 1 })
    }

    @Test func anHTTP10AnswerWithoutKeepAliveIsNotReused() throws {
        let plain = try HTTPResponseHead(lines: ["HTTP/1.0 200 OK", "Content-Length: 2"], maximumHeaderCount: 10)
        #expect(plain.keepsAlive(framing: .length(2)) == false)
        let kept = try HTTPResponseHead(lines: ["HTTP/1.0 200 OK", "Connection: Keep-Alive"], maximumHeaderCount: 10)
        #expect(kept.keepsAlive(framing: .length(2)))
        #expect(kept.keepsAlive(framing: .untilClose) == false)
    }

    @Test func aQueryOnAConnectionTheServerDroppedIsSentAgainOnANewOne() async throws {
        // The second request on the first connection finds it closed without an answer.
        let server = try KeepAliveServer { request in request.connection == 1 && request.index == 2 ? .closeWithoutAnswer : .answer() }
        defer { server.stop() }
        let session = session()
        _ = try await session.send(Self.query(port: server.port))
        let response = try await session.send(Self.query(port: server.port))
        #expect(response.statusCode == 200)
        let record = server.snapshot
        #expect(record.accepted == 2)
        #expect(record.requests.map(\.connection) == [1, 1, 2])
    }

    @Test func aMutationIsNeverSentTwice() async throws {
        let server = try KeepAliveServer { request in request.connection == 1 && request.index == 2 ? .closeWithoutAnswer : .answer() }
        defer { server.stop() }
        let session = session()
        _ = try await session.send(Self.query(port: server.port))
        let error = await #expect(throws: HTTPTransportError.self) { try await session.send(Self.mutation(port: server.port)) }
        #expect(error?.kind == .connectionLost)
        let record = server.snapshot
        #expect(record.requests.filter(\.isMutation).count == 1)
        #expect(record.accepted == 1)
    }

    @Test func aMutationAfterTheServerClosedTheIdleConnectionIsSentOnceAndSucceeds() async throws {
        let server = try KeepAliveServer { request in request.isMutation ? .answer() : .answerThenClose() }
        defer { server.stop() }
        let session = session()
        _ = try await session.send(Self.query(port: server.port))
        #expect(await server.wait { $0.closedByServer >= 1 })
        let response = try await session.send(Self.mutation(port: server.port))
        #expect(response.statusCode == 200)
        let record = server.snapshot
        #expect(record.requests.filter(\.isMutation).count == 1)
        #expect(record.accepted == 2)
    }

    @Test func aQueryAfterTheServerClosedTheIdleConnectionSucceeds() async throws {
        let server = try KeepAliveServer { request in request.connection == 1 ? .answerThenClose() : .answer() }
        defer { server.stop() }
        let session = session()
        _ = try await session.send(Self.query(port: server.port))
        #expect(await server.wait { $0.closedByServer >= 1 })
        let response = try await session.send(Self.query(port: server.port))
        #expect(response.statusCode == 200)
        #expect(server.snapshot.accepted == 2)
        #expect(server.snapshot.requests.count == 2)
    }

    @Test func fiftyConcurrentRequestsUseAtMostTheBound() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { _ in .held(gate, .answer()) }
        defer { server.stop() }
        let session = session(bound: 8)
        let port = server.port
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 { group.addTask { try await session.send(Self.query(port: port)).statusCode } }
            // Every answer is held until eight requests are in flight at once.
            #expect(await server.wait { $0.requests.count >= 8 })
            #expect(server.snapshot.accepted == 8)
            gate.open()
            var answered = 0
            for try await status in group where status == 200 { answered += 1 }
            #expect(answered == 50)
        }
        #expect(server.snapshot.accepted == 8)
        #expect(server.snapshot.requests.count == 50)
    }

    @Test func twoHundredExchangesInFlightAddAtMostSixteenThreads() async throws {
        // A server on one thread of its own, holding every answer until all 200 requests are in.
        let server = try HoldingServer(expecting: 200)
        defer { server.stop() }
        let pool = ConnectionPool(options: ConnectionPoolOptions(maximumConnectionsPerOrigin: 200, idleTimeout: .seconds(30)))
        let session = SocketHTTPSession(tls: TLSConfiguration(), proxies: .none, limits: HTTPResponseLimits(), pool: pool)
        let port = server.port
        let before = ThreadCount.outsideConcurrencyPool
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 { group.addTask { try await session.send(Self.query(port: port, timeout: .seconds(60))).statusCode } }
            #expect(await server.allArrived())
            // Every exchange is in flight on its own connection, none answered: a thread per
            // exchange would show 200 more here. Threads of the concurrency pool are not
            // counted: Dispatch adds workers to it while other suites block theirs (hundreds in
            // the whole parallel phase, with or without this transport); that an exchange needs
            // no pool thread at all is EventLoopExecutorTests' concern. (Other suites start
            // threads meanwhile too, hence the margin.)
            let during = ThreadCount.outsideConcurrencyPool
            #expect(during - before <= 16, "threads outside the concurrency pool went from \(before) to \(during)")
            server.answerAll()
            var answered = 0
            for try await status in group where status == 200 { answered += 1 }
            #expect(answered == 200)
        }
        #expect(server.accepted == 200)
    }

    @Test func anIdleConnectionIsClosedWhenItsTimeoutPassesWithoutAnotherRequest() async throws {
        let server = try KeepAliveServer { _ in .answer() }
        defer { server.stop() }
        let options = ConnectionPoolOptions(maximumConnectionsPerOrigin: 8, idleTimeout: .milliseconds(300))
        let session = SocketHTTPSession(tls: TLSConfiguration(), proxies: .none, limits: HTTPResponseLimits(), pool: ConnectionPool(options: options))
        _ = try await session.send(Self.query(port: server.port))
        let origin = ConnectionOrigin(secure: false, host: "127.0.0.1", port: server.port, proxy: nil)
        // Nothing more is sent: only the reaper can close it.
        #expect(await server.wait { $0.closedByClient == 1 })
        #expect(session.pool.count(origin).idle == 0)
        #expect(server.snapshot.accepted == 1)
    }

    @Test func theReaperClosesOnlyWhatHasExpired() async throws {
        let short = try KeepAliveServer { _ in .answer(headers: ["Keep-Alive: timeout=1"]) }
        defer { short.stop() }
        let long = try KeepAliveServer { _ in .answer() }
        defer { long.stop() }
        let session = SocketHTTPSession(tls: TLSConfiguration(), proxies: .none, limits: HTTPResponseLimits(), pool: ConnectionPool(options: ConnectionPoolOptions()))
        _ = try await session.send(Self.query(port: long.port))
        _ = try await session.send(Self.query(port: short.port))
        // The server's one second, less the margin, closes the second connection; the first keeps its 30 s.
        #expect(await short.wait { $0.closedByClient == 1 })
        #expect(long.snapshot.closedByClient == 0)
        _ = try await session.send(Self.query(port: long.port))
        #expect(long.snapshot.accepted == 1)
    }

    @Test func aCancelledQueuedRequestNeverReachesTheServer() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { request in request.index == 1 ? .held(gate, .answer()) : .answer() }
        defer { server.stop() }
        let session = session(bound: 1)
        let port = server.port
        let first = Task { try await session.send(Self.query(port: port)) }
        #expect(await server.wait { $0.requests.count == 1 })
        let origin = ConnectionOrigin(secure: false, host: "127.0.0.1", port: port, proxy: nil)
        let queued = Task { try await session.send(Self.query(port: port)) }
        #expect(await Self.eventually { session.pool.count(origin).waiting == 1 })
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        #expect(session.pool.count(origin).waiting == 0)
        gate.open()
        _ = try await first.value
        _ = try await session.send(Self.query(port: port))
        let record = server.snapshot
        #expect(record.requests.count == 2)
        #expect(record.accepted == 1)
    }

    @Test func aQueuedRequestTimesOutWithoutReachingTheServer() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { _ in .held(gate, .answer()) }
        defer { server.stop() }
        let session = session(bound: 1)
        let port = server.port
        let first = Task { try await session.send(Self.query(port: port)) }
        #expect(await server.wait { $0.requests.count == 1 })
        let error = await #expect(throws: HTTPTransportError.self) {
            try await session.send(Self.query(port: port, timeout: .milliseconds(200)))
        }
        #expect(error?.kind == .timedOut)
        gate.open()
        _ = try await first.value
        #expect(server.snapshot.requests.count == 1)
    }

    @Test func cancellingARequestInFlightFreesItsPlace() async throws {
        let gate = KeepAliveServer.Gate()
        let server = try KeepAliveServer { request in request.connection == 1 ? .held(gate, .answer()) : .answer() }
        defer {
            gate.open()
            server.stop()
        }
        let session = session(bound: 1)
        let port = server.port
        let first = Task { try await session.send(Self.query(port: port)) }
        #expect(await server.wait { $0.requests.count == 1 })
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        // The cancelled exchange's connection is closed, never reused; its place is free.
        let response = try await session.send(Self.query(port: port))
        #expect(response.statusCode == 200)
        #expect(server.snapshot.accepted == 2)
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
        let server = try KeepAliveServer { _ in .answer() }
        defer { server.stop() }
        let clock = ManualClock()
        let session = session(clock: clock)
        _ = try await session.send(Self.query(port: server.port))
        clock.advance(by: .seconds(29))
        _ = try await session.send(Self.query(port: server.port))
        #expect(server.snapshot.accepted == 1)
        clock.advance(by: .seconds(31))
        _ = try await session.send(Self.query(port: server.port))
        #expect(server.snapshot.accepted == 2)
        #expect(await server.wait { $0.closedByClient == 1 })
    }

    @Test func anExpiredConnectionIsClosedWhenAnotherOriginIsUsed() async throws {
        let first = try KeepAliveServer { _ in .answer() }
        defer { first.stop() }
        let second = try KeepAliveServer { _ in .answer() }
        defer { second.stop() }
        let clock = ManualClock()
        let session = session(clock: clock)
        _ = try await session.send(Self.query(port: first.port))
        clock.advance(by: .seconds(31))
        _ = try await session.send(Self.query(port: second.port))
        #expect(await first.wait { $0.closedByClient == 1 })
    }

    @Test func theServersKeepAliveTimeoutIsHonoured() async throws {
        let server = try KeepAliveServer { _ in .answer(headers: ["Keep-Alive: timeout=5, max=100"]) }
        defer { server.stop() }
        let clock = ManualClock()
        let session = session(clock: clock)
        _ = try await session.send(Self.query(port: server.port))
        clock.advance(by: .seconds(3))
        _ = try await session.send(Self.query(port: server.port))
        #expect(server.snapshot.accepted == 1)
        // Kept a second less than the server's five, so a request never leaves as it closes.
        clock.advance(by: .milliseconds(4_100))
        _ = try await session.send(Self.query(port: server.port))
        #expect(server.snapshot.accepted == 2)
    }

    @Test func aZeroIdleTimeoutKeepsNothing() async throws {
        let server = try KeepAliveServer { _ in .answer() }
        defer { server.stop() }
        let session = session(idleTimeout: .zero)
        _ = try await session.send(Self.query(port: server.port))
        _ = try await session.send(Self.query(port: server.port))
        #expect(server.snapshot.accepted == 2)
    }

    @Test func anAnswerEndedByCloseOrASwitchOfProtocolsEndsTheConnection() throws {
        let head = try HTTPResponseHead(lines: ["HTTP/1.1 200 OK"], maximumHeaderCount: 10)
        #expect(try head.framing() == .untilClose)
        #expect(head.keepsAlive(framing: .untilClose) == false)
        #expect(try HTTPResponseHead(lines: ["HTTP/1.1 101 Switching Protocols"], maximumHeaderCount: 10).keepsAlive(framing: .length(0)) == false)
    }

    /// Whether `condition` holds within 10 s, yielding between looks (the pool has no
    /// notification for a request joining its line).
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let limit = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < limit {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }
}
