import Foundation
import GraphQLTestDoubles
import Transport
import JSON
import Synchronization
import Registrations

/// A tutorial server's `tripsBooked` over the in-memory WebSocket seam, speaking
/// graphql-transport-ws: what the GraphQL booking activity feed's contract runs against.
final class TripsBookedFakeServer: Sendable {
    private let registry = TripsBookedRegistry()
    private let memory = InMemoryWebSocketSession()
    private let acceptor: Task<Void, Never>

    init() {
        let memory = memory
        let registry = registry
        acceptor = Task {
            while !Task.isCancelled {
                let server = await memory.accept()
                Task { await registry.serve(server) }
            }
        }
    }

    deinit { acceptor.cancel() }

    /// The session a client connects through; refuses while ``refuse(_:)`` says so.
    var session: any WebSocketSession { Session(memory: memory, registry: registry) }

    private struct Session: WebSocketSession {
        let memory: InMemoryWebSocketSession
        let registry: TripsBookedRegistry
        func open(_ request: WebSocketRequest) async throws -> any WebSocketChannel {
            if let refusal = registry.refusal { throw refusal }
            return try await memory.open(request)
        }
    }

    /// Makes later connections fail with `error` (or succeed again with `nil`).
    func refuse(_ error: HTTPTransportError?) { registry.refusal = error }

    /// Publishes `value` to every running subscription.
    func publish(_ value: Int) { registry.publish(value) }

    /// Returns once `count` subscriptions are running: `true`; `false` when the waiting task is cancelled first.
    func wait(until count: Int) async -> Bool { await registry.wait(until: count) }
}

/// The fake server's running subscriptions, refusal and waiters.
final class TripsBookedRegistry: Sendable {
    private struct State {
        var subscriptions: [(server: InMemoryWebSocketServer, id: JSONValue)] = []
        var refusal: HTTPTransportError?
        var waiters: [(id: Int, target: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextWaiter = 0
        /// Waits about to register; one cancelled before is refused.
        var arriving = PendingRegistrations<Int>()
    }

    private let state = Mutex(State())

    var refusal: HTTPTransportError? {
        get { state.withLock { $0.refusal } }
        set { state.withLock { $0.refusal = newValue } }
    }

    func publish(_ value: Int) {
        let targets = state.withLock { $0.subscriptions }
        for target in targets {
            try? target.server.send(.text(JSONWriter.string(["type": "next", "id": target.id, "payload": ["data": ["tripsBooked": .int(value)]]])))
        }
    }

    /// Returns once `count` subscriptions are running: `true`; `false` when the waiting task is
    /// cancelled first (a test's time limit cancels it).
    func wait(until count: Int) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            state.arriving.issue(state.nextWaiter)
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let reached = state.withLock { state -> Bool? in
                    guard state.arriving.register(id) else { return false }
                    guard state.subscriptions.count != count else { return true }
                    state.waiters.append((id, count, continuation))
                    return nil
                }
                if let reached { continuation.resume(returning: reached) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                if state.arriving.cancel(id) { return nil }
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiting?.resume(returning: false)
        }
    }

    /// Answers one connection until it closes.
    func serve(_ server: InMemoryWebSocketServer) async {
        while case .text(let text)? = try? await server.receive(), let message = try? JSONParser.parse(Data(text.utf8)) {
            switch message["type"]?.stringValue {
            case "connection_init": try? server.send(.text(#"{"type":"connection_ack"}"#))
            case "subscribe": if let id = message["id"] { change { $0.append((server, id)) } }
            case "complete": change { $0.removeAll { $0.server === server && $0.id == message["id"] } }
            default: continue
            }
        }
        change { $0.removeAll { $0.server === server } }
    }

    private func change(_ body: (inout [(server: InMemoryWebSocketServer, id: JSONValue)]) -> Void) {
        let woken = state.withLock { state in
            body(&state.subscriptions)
            let count = state.subscriptions.count
            let ready = state.waiters.filter { $0.target == count }.map(\.continuation)
            state.waiters.removeAll { $0.target == count }
            return ready
        }
        for waiter in woken { waiter.resume(returning: true) }
    }
}
