import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import SingleThreadRuntime
import Synchronization
import Testing
import Transport

/// The cache's mutation stamp is taken while the session connects, and a session writes nothing
/// of the request before it is taken (``HTTPSendGate``): an answer no session waited for is not
/// saved, since nothing proves its stamp came first.
@Suite(.timeLimit(.minutes(5)))
struct StampGateTests {
    private let variables: [String: JSONValue] = ["launchId": "25"]

    /// A session that records, each time the gate lets it go, how many requests it had sent.
    final class GateRecordingSession: HTTPSession {
        let stub = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody()), StubHTTPSession.json(ClientFixtures.detailsBody(site: "Second"))])
        let sentWhenReady = Mutex<[Int]>([])

        func send(_ request: HTTPRequest) async throws -> HTTPResponse { try await stub.send(request) }

        func send(_ request: HTTPRequest, once ready: @Sendable () async -> Void) async throws -> HTTPResponse {
            await ready()
            sentWhenReady.withLock { $0.append(stub.requestCount) }
            return try await stub.send(request)
        }
    }

    /// A session that connects on a thread of its own, as the socket session does: it lets
    /// every queued job run, records whether the gate is open already, and only then says it
    /// is under way and waits for the gate.
    final class UnderWaySession: HTTPSession {
        let stub = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody())])
        let openBeforeUnderWay = Mutex<[Bool]>([])

        func send(_ request: HTTPRequest) async throws -> HTTPResponse { try await stub.send(request) }

        func send(_ request: HTTPRequest, once ready: @Sendable () async -> Void) async throws -> HTTPResponse {
            await Task.yield()
            let gate = HTTPSendGate.current
            openBeforeUnderWay.withLock { $0.append(gate?.isOpen ?? true) }
            gate?.sessionIsUnderWay()
            await ready()
            return try await stub.send(request)
        }
    }

    /// Answers from the network by itself, never handing the request to a session.
    struct AnsweringInterceptor: GraphQLInterceptor {
        func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
            GraphQLResponse(source: .network, http: HTTPResponse(statusCode: 200, body: Data(ClientFixtures.detailsBody().utf8)))
        }
    }

    private func diskCache() -> NormalizedCache {
        NormalizedCache(persistence: .sqlite(at: ClientFixtures.temporaryFolder().appendingPathComponent("cache.sqlite")))
    }

    @Test func theSessionIsHandedTheGateAndTheAnswerIsSaved() async throws {
        let session = GateRecordingSession()
        let cache = diskCache()
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: ClientFixtures.endpoint, session: session, cache: cache))
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: variables, cachePolicy: .networkOnly)
        // Waited once, before anything was sent.
        #expect(session.sentWhenReady.withLock { $0 } == [0])
        #expect(await cache.read(ClientFixtures.launchDetails, variables: variables) != nil)
    }

    /// On one thread, as a command runs, the stamp (which opens the database, blocking that
    /// thread) waits until the session is under way: taken at the first suspension instead, it
    /// ran before the session had begun to connect, and nothing overlapped.
    @Test func onOneThreadTheStampWaitsUntilTheSessionIsUnderWay() async throws {
        let session = UnderWaySession()
        let cache = diskCache()
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: ClientFixtures.endpoint, session: session, cache: cache))
        let variables = variables
        let fetched = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let started = DetachedThread.start {
                continuation.resume(returning: CurrentThreadExecutor.run { _ in
                    (try? await client.fetch(ClientFixtures.launchDetails, variables: variables, cachePolicy: .networkOnly)) != nil
                })
            }
            precondition(started, "no thread for the test")
        }
        #expect(fetched)
        #expect(session.openBeforeUnderWay.withLock { $0 } == [false])
        #expect(await cache.read(ClientFixtures.launchDetails, variables: variables) != nil)
    }

    @Test func onceTheDatabaseIsOpenTheStampIsTakenFirst() async throws {
        let session = GateRecordingSession()
        let cache = diskCache()
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: ClientFixtures.endpoint, session: session, cache: cache))
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: variables, cachePolicy: .networkOnly)
        _ = try await client.fetch(ClientFixtures.launchDetails, variables: variables, cachePolicy: .networkOnly)
        // Only the first request (which opened the database) went through the gate; both were saved.
        #expect(session.sentWhenReady.withLock { $0 } == [0])
        #expect(session.stub.requestCount == 2)
        let data = await cache.read(ClientFixtures.launchDetails, variables: variables)
        #expect(data?["launch"]?["site"]?.stringValue == "Second")
    }

    @Test func aSessionWithoutItsOwnGateWaitsFirstAndTheAnswerIsSaved() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(ClientFixtures.detailsBody())])
        let cache = diskCache()
        _ = try await ClientFixtures.client(session, cache: cache).fetch(ClientFixtures.launchDetails, variables: variables, cachePolicy: .networkOnly)
        #expect(await cache.read(ClientFixtures.launchDetails, variables: variables) != nil)
    }

    @Test func anAnswerNoSessionWaitedForIsNotSaved() async throws {
        let cache = diskCache()
        var chain = GraphQLInterceptors.standard(endpoint: ClientFixtures.endpoint, session: StubHTTPSession([]), cache: cache)
        chain.insert(AnsweringInterceptor(), at: chain.count - 1)
        let result = try await GraphQLClient(interceptors: chain).fetch(ClientFixtures.launchDetails, variables: variables, cachePolicy: .networkOnly)
        #expect(result.source == .network)
        #expect(await cache.read(ClientFixtures.launchDetails, variables: variables) == nil)
    }

    @Test func theGateLetsWaitersGoOnceOpen() async {
        let gate = HTTPSendGate()
        #expect(!gate.wasAwaited)
        async let waited: Void = gate.wait()
        gate.open()
        await waited
        #expect(gate.wasAwaited)
        await gate.wait()  // open: returns at once
    }
}
