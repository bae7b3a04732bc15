#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import Transport
import JSON

extension GraphQLSubscriptionClient {
    /// Keeps the shared connection up while subscriptions exist: connect, acknowledge, send
    /// every subscription, read; after a transient failure report the gap, back off, reconnect.
    func run(generation: Int) async {
        var attempt = 0
        var connectedBefore = false
        var interrupted = false
        var connectedAt: ContinuousClock.Instant?
        while self.generation == generation, !subscribers.isEmpty, !Task.isCancelled {
            var failure: SubscriptionConnectionFailure
            var whileConnecting = true
            do {
                let opened = try await connect()
                whileConnecting = false
                guard self.generation == generation, !subscribers.isEmpty, !Task.isCancelled else {
                    await opened.socket.close(code: .normalClosure, reason: "")
                    return
                }
                channel = opened
                started = []
                probes = SubscriptionLiveProbes()
                connectedAt = reconnection.now()
                connectedBefore = true
                if interrupted {
                    interrupted = false
                    for subscriber in subscribers.values { subscriber.continuation.yield(.resumed) }
                }
                for (id, subscriber) in subscribers.sorted(by: { $0.key < $1.key }) { await start(id, subscriber, on: opened) }
                let keepAlive = Task { await self.keepAlive(opened) }
                defer { keepAlive.cancel() }
                try await read(opened)
                // The server closed normally while subscriptions were alive: as good as a drop.
                failure = SubscriptionConnectionFailure(.webSocket(.connectionLost))
            } catch {
                if let channel { await channel.socket.close(code: Self.closeCode(for: error), reason: "") }
                guard let caught = SubscriptionConnectionFailure(error) else { return }
                failure = caught
            }
            guard self.generation == generation else { return }
            channel = nil
            started = []
            if subscribers.isEmpty || Task.isCancelled { return }
            // Only a connection that stayed up a while makes the backoff start again: a server
            // that acknowledges and drops at once is not reconnected in a tight loop.
            if let since = connectedAt {
                if reconnection.now() - since >= reconnection.stableConnection { attempt = 0 }
                connectedAt = nil
            }
            // Once a connection was acknowledged, failing to connect again is always retried;
            // an open connection's failure only when it is a drop (not a hostile message).
            let retried = whileConnecting ? Self.isRetried(failure.kind) : failure.kind.isTransient
            guard connectedBefore, retried else {
                finishAll(throwing: failure)
                connection = nil
                self.generation += 1
                return
            }
            if !interrupted {
                interrupted = true
                for subscriber in subscribers.values {
                    subscriber.continuation.yield(.interrupted(failure.error(for: subscriber.operation.name)))
                }
            }
            do {
                try await reconnection.sleep(reconnection.delay(forAttempt: attempt))
            } catch {
                return
            }
            attempt += 1
        }
    }

    /// Ends every stream with `failure`, each naming its own operation.
    private func finishAll(throwing failure: SubscriptionConnectionFailure) {
        let ending = subscribers
        subscribers = [:]
        for subscriber in ending.values {
            let error = failure.error(for: subscriber.operation.name)
            subscriber.live.settle(.failure(error))
            subscriber.continuation.finish(throwing: error)
        }
    }

    /// Whether the connection is reopened after `failure` once a connection was acknowledged:
    /// always, but for a refused login and an endpoint that can never work.
    static func isRetried(_ failure: GraphQLSubscriptionError.Kind) -> Bool {
        switch failure {
        case .connectionRefused, .invalidEndpoint: false
        default: true
        }
    }

    /// Opens an acknowledged connection, offering the remembered subprotocol first; a server that
    /// picked `graphql-transport-ws` and closed with 1002 before acknowledging is asked again at
    /// once with `graphql-ws` alone. Notes the subprotocol acknowledged when it is new.
    private func connect() async throws -> SubscriptionChannel {
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "ws" || scheme == "wss", endpoint.host != nil else {
            throw SubscriptionConnectionFailure(.invalidEndpoint("use a ws://, wss://, http:// or https:// URL with a host"))
        }
        if !recalledMemory, let memory {
            recalledMemory = true
            remembered = await memory.recall()
        }
        let offered = legacyOnly ? [.graphQLWS] : GraphQLSubscriptionProtocol.offer(protocols, preferring: remembered)
        let opened: SubscriptionChannel
        do {
            opened = try await open(offering: offered)
        } catch let refusal as LegacyOnlyServer {
            guard protocols.contains(.graphQLWS) else { throw refusal.error }
            legacyOnly = true
            opened = try await open(offering: [.graphQLWS])
        }
        if opened.subprotocol != remembered {
            remembered = opened.subprotocol
            await memory?.remember(opened.subprotocol)
        }
        return opened
    }

    /// A close with 1002 before `connection_ack` from a server that picked `graphql-transport-ws`:
    /// it cannot speak it (subscriptions-transport-ws answers any first offer so).
    private struct LegacyOnlyServer: Error {
        var error: any Error
    }

    /// Opens the socket offering `offered`, checks the subprotocol, sends `connection_init` and
    /// waits for `connection_ack`.
    private func open(offering offered: [GraphQLSubscriptionProtocol]) async throws -> SubscriptionChannel {
        let request = WebSocketRequest(url: endpoint, subprotocols: offered.map(\.rawValue), timeout: handshakeTimeout)
        let socket = try await session.open(request)
        guard let subprotocol = socket.subprotocol.flatMap(GraphQLSubscriptionProtocol.init(rawValue:)), offered.contains(subprotocol) else {
            await socket.close(code: .protocolError, reason: "")
            throw SubscriptionConnectionFailure(.noCommonSubprotocol(picked: socket.subprotocol))
        }
        let channel = SubscriptionChannel(socket: socket, subprotocol: subprotocol)
        do {
            try await initialise(channel)
        } catch {
            var cause = error
            if subprotocol == .graphQLTransportWS, Self.isLostConnection(error) {
                // The server may have closed before `connection_init` could be sent: the send
                // fails, and the close frame it sent (already read in) says why.
                do { _ = try await socket.receive() } catch { if Self.isProtocolErrorClose(error) { cause = error } }
            }
            await socket.close(code: Self.closeCode(for: cause), reason: "")
            if subprotocol == .graphQLTransportWS, Self.isProtocolErrorClose(cause) {
                throw LegacyOnlyServer(error: cause)
            }
            throw cause
        }
        return channel
    }

    /// Whether `error` is the server's close with 1002 (protocol error).
    private static func isProtocolErrorClose(_ error: any Error) -> Bool {
        if case .closed(let code, _)? = SubscriptionConnectionFailure(error)?.kind { return code == .protocolError }
        return false
    }

    /// Whether `error` says the connection is gone (a send or read on a closed socket).
    private static func isLostConnection(_ error: any Error) -> Bool {
        switch SubscriptionConnectionFailure(error)?.kind {
        case .webSocket(.connectionLost)?, .webSocket(.notOpen)?, .transport(.connectionLost)?: true
        default: false
        }
    }

    /// Sends `connection_init` (with the token, where it may go) and waits for `connection_ack`.
    private func initialise(_ channel: SubscriptionChannel) async throws {
        try await channel.send(.connectionInit(authorization: await credentials?.authorization(for: endpoint)))
        let timeout = reconnection.acknowledgementTimeout
        let sleep = reconnection.sleep
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await Self.acknowledgement(on: channel)
                return true
            }
            group.addTask {
                try await sleep(timeout)
                return false
            }
            defer { group.cancelAll() }
            guard try await group.next() == true else {
                // Closed before the reader is cancelled, which would close with 1001.
                await channel.socket.close(code: Self.closeCode(for: SubscriptionConnectionFailure(.acknowledgementTimedOut)), reason: "")
                throw SubscriptionConnectionFailure(.acknowledgementTimedOut)
            }
        }
    }

    /// The close code the client ends a socket with after `error`: 4408 when the server never
    /// acknowledged, 4400 for a message it should not have sent, 1000 otherwise.
    static func closeCode(for error: any Error) -> WebSocketCloseCode {
        switch (error as? SubscriptionConnectionFailure)?.kind {
        case .acknowledgementTimedOut?: WebSocketCloseCode(rawValue: 4408)
        case .malformedMessage?: WebSocketCloseCode(rawValue: 4400)
        default: .normalClosure
        }
    }

    /// Reads until `connection_ack`, answering pings and skipping keep-alives.
    private static func acknowledgement(on channel: SubscriptionChannel) async throws {
        while true {
            guard let message = try await channel.socket.receive() else { throw SubscriptionConnectionFailure(.webSocket(.connectionLost)) }
            guard case .text(let text) = message else { throw SubscriptionConnectionFailure(.malformedMessage("a binary message")) }
            switch try SubscriptionServerMessage(text, subprotocol: channel.subprotocol) {
            case .acknowledged: return
            case .keepAlive, .pong: continue
            case .ping: try await channel.send(.pong)
            case .connectionError(let reason): throw SubscriptionConnectionFailure(.connectionRefused(code: nil, reason: reason))
            case .event, .error, .complete: throw SubscriptionConnectionFailure(.malformedMessage("an operation message before connection_ack"))
            }
        }
    }

    /// Reads the open connection until it closes normally; each event goes to its subscriber.
    private func read(_ channel: SubscriptionChannel) async throws {
        while let message = try await channel.socket.receive() {
            messagesSeen &+= 1
            guard case .text(let text) = message else { throw SubscriptionConnectionFailure(.malformedMessage("a binary message")) }
            switch try SubscriptionServerMessage(text, subprotocol: channel.subprotocol) {
            case .acknowledged, .keepAlive: continue
            case .pong: markLive(probes.pongReceived())
            case .ping: try await channel.send(.pong)
            case .connectionError(let reason): throw SubscriptionConnectionFailure(.connectionRefused(code: nil, reason: reason))
            case .event(let id, _, _) where probes.isProbe(id), .error(let id, _) where probes.isProbe(id), .complete(let id) where probes.isProbe(id):
                markLive(probes.answered(id))
            case .event(let id, let data, let errors): await deliver(id: id, data: data, errors: errors)
            case .error(let id, let errors): await end(id, throwing: .rejected(errors))
            case .complete(let id): await end(id, throwing: nil)
            }
        }
    }

    /// Every ``SubscriptionReconnection/keepAliveInterval``: pings (graphql-transport-ws), and
    /// closes the socket when nothing arrived for two intervals, so the read loop ends and the
    /// connection is reopened. Ends when its task is cancelled (the connection ended).
    private func keepAlive(_ channel: SubscriptionChannel) async {
        guard let interval = reconnection.keepAliveInterval else { return }
        var seen = messagesSeen
        var silentIntervals = 0
        while !Task.isCancelled {
            do {
                try await reconnection.sleep(interval)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            if messagesSeen == seen { silentIntervals += 1 } else { silentIntervals = 0 }
            seen = messagesSeen
            if silentIntervals >= 2 {
                await channel.socket.close(code: .goingAway, reason: "")
                return
            }
            if channel.subprotocol == .graphQLTransportWS {
                _ = probes.pingSent()
                try? await channel.send(.ping)
            }
        }
    }

    /// Passes one event on (after the sink); an event with errors and no data ends its subscription.
    private func deliver(id: String, data: [String: JSONValue]?, errors: [GraphQLError]) async {
        // Events for an operation the consumer stopped may still be on the way: not an error.
        guard let subscriber = subscribers[id] else { return }
        guard let data else {
            if let channel {
                try? await channel.send(.complete(id: id))
            }
            await end(id, throwing: .rejected(errors.isEmpty ? [GraphQLError(message: "an event without data")] : errors))
            return
        }
        // An event proves the server has the subscription.
        Self.markLive(subscriber)
        await eventSink?(subscriber.operation, data, subscriber.variables)
        subscriber.continuation.yield(.data(data))
    }

    /// Ends subscription `id` as the server did (completed, or failed with `kind`).
    private func end(_ id: String, throwing kind: GraphQLSubscriptionError.Kind?) async {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        started.remove(id)
        if let kind {
            let error = GraphQLSubscriptionError(operationName: subscriber.operation.name, kind: kind)
            subscriber.live.settle(.failure(error))
            subscriber.continuation.finish(throwing: error)
        } else {
            // Completed by the server: it had the subscription (the stream simply ends).
            Self.markLive(subscriber)
            subscriber.continuation.finish()
        }
        await closeIfUnused()
    }
}
