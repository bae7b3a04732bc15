import Foundation
import GraphQLTestDoubles
import Transport
import JSON
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
    }

    private let state = WaitableState(State())

    var refusal: HTTPTransportError? {
        get { state.value.refusal }
        set { state.update { $0.refusal = newValue } }
    }

    func publish(_ value: Int) {
        for target in state.value.subscriptions {
            try? target.server.send(.text(JSONWriter.string(["type": "next", "id": target.id, "payload": ["data": ["tripsBooked": .int(value)]]])))
        }
    }

    /// Returns once `count` subscriptions are running: `true`; `false` when the waiting task is
    /// cancelled first (a test's time limit cancels it).
    func wait(until count: Int) async -> Bool {
        await state.wait { $0.subscriptions.count == count }
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
        state.update { body(&$0.subscriptions) }
    }
}
