import Foundation
import GraphQL

/// One GraphQL WebSocket connection in either subprotocol: the handshake, keep-alives, and the
/// operations it runs (subscriptions once per `tripsBooked` event, queries and mutations once).
///
/// Violations close the socket with graphql-ws's codes in both subprotocols (4400 invalid
/// message, 4401 operation before the ack, 4403 a bad token, 4408 no `connection_init` in time,
/// 4409 a duplicate id, 4429 a second `connection_init`); a legacy (`graphql-ws`) client is sent a
/// `connection_error` with the reason first. When the connection ends, every operation and
/// timer it started is cancelled and its hub subscriptions are removed.
public actor GraphQLWebSocketConnection {
    private enum Phase {
        case awaitingInit
        case ready(UserRecord?)
        case closed
    }

    private struct Operation {
        var serial: Int
        var task: Task<Void, Never>
        var subscriber: TripsBookedSubscriber?
    }

    private let subprotocol: WebSocketSubprotocol
    private let service: GraphQLService
    private let limits: WebSocketLimits
    private let sink: any WebSocketMessageSink
    private let unknownTokensAreAnonymous: Bool
    private var phase = Phase.awaitingInit
    private var operations: [String: Operation] = [:]
    private var nextSerial = 0
    private var timers: [Task<Void, Never>] = []
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a connection speaking `subprotocol`, writing to `sink`; with
    /// `unknownTokensAreAnonymous` (the hosted server's way), an unknown token in
    /// `connection_init` makes the connection anonymous instead of refusing it.
    public init(
        subprotocol: WebSocketSubprotocol, service: GraphQLService, limits: WebSocketLimits, sink: any WebSocketMessageSink,
        unknownTokensAreAnonymous: Bool = false
    ) {
        self.unknownTokensAreAnonymous = unknownTokensAreAnonymous
        self.subprotocol = subprotocol
        self.service = service
        self.limits = limits
        self.sink = sink
    }

    /// The number of operations running (for tests and diagnostics).
    public var operationCount: Int {
        operations.count
    }

    /// Serves `messages` until they end (the client closed) or the server closes the socket,
    /// then cancels everything the connection started.
    ///
    /// - Throws: The error of `messages` (a message over the size limit, a broken socket), after
    ///   everything is cancelled, so that the WebSocket layer closes with its code.
    public nonisolated func serve<Messages: AsyncSequence & Sendable>(_ messages: Messages) async throws
    where Messages.Element == WebSocketIncomingMessage {
        await start()
        // Reading ends when the client closes, or as soon as the server closes the socket (a
        // timer may do that while no message is coming). Shutting down wakes `closed()`.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.read(messages) }
            group.addTask { await self.closed() }
            defer { group.cancelAll() }
            do {
                try await group.next()
            } catch {
                await shutdown()
                throw error
            }
            await shutdown()
        }
    }

    private nonisolated func read<Messages: AsyncSequence & Sendable>(_ messages: Messages) async throws
    where Messages.Element == WebSocketIncomingMessage {
        for try await message in messages {
            if await !handle(message) {
                return
            }
        }
    }

    /// Returns once the server has closed the connection.
    private func closed() async {
        if case .closed = phase {
            return
        }
        await withCheckedContinuation { closeWaiters.append($0) }
    }

    /// Marks the connection closed and wakes ``closed()``.
    private func markClosed() {
        phase = .closed
        for waiter in closeWaiters {
            waiter.resume()
        }
        closeWaiters.removeAll()
    }

    private func start() {
        let timeout = limits.connectionInitTimeout
        timers.append(
            Task { [weak self] in
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return
                }
                await self?.initTimedOut()
            }
        )
    }

    private func initTimedOut() async {
        if case .awaitingInit = phase {
            await close(.initTimeout)
        }
    }

    /// Handles one message; `false` once the connection is closed.
    private func handle(_ incoming: WebSocketIncomingMessage) async -> Bool {
        if case .closed = phase {
            return false
        }
        guard case .text(let text) = incoming else {
            await close(.invalidMessage("binary messages are not accepted"))
            return false
        }
        do throws(WebSocketCloseReason) {
            try await handle(try WebSocketClientMessage.decode(text, subprotocol: subprotocol))
        } catch {
            await close(error)
        }
        if case .closed = phase {
            return false
        }
        return true
    }

    private func handle(_ message: WebSocketClientMessage) async throws(WebSocketCloseReason) {
        switch message {
        case .connectionInit(let authorization):
            try await initialise(authorization: authorization)
        case .ping(let payload):
            await send(.pong(payload: payload))
        case .pong:
            break
        case .subscribe(let id, let request):
            try await subscribe(id: id, request: request)
        case .complete(let id):
            await stop(id: id)
        case .terminate:
            markClosed()
            cancelEverything()
            try? await sink.close(code: 1000, reason: "connection_terminate")
        }
    }

    private func initialise(authorization: String?) async throws(WebSocketCloseReason) {
        guard case .awaitingInit = phase else {
            throw .tooManyInitialisations
        }
        let token = authorization?.trimmingCharacters(in: .whitespaces) ?? ""
        let user = token.isEmpty ? nil : service.currentUser(authorization: token)
        if !token.isEmpty, user == nil, !unknownTokensAreAnonymous {
            throw .forbidden
        }
        phase = .ready(user)
        await send(.connectionAck)
        if subprotocol == .graphQLWS {
            startKeepAlive()
        }
    }

    private func startKeepAlive() {
        let interval = limits.keepAliveInterval
        timers.append(
            Task { [weak self] in
                while !Task.isCancelled {
                    guard let self, await self.sendKeepAlive() else {
                        return
                    }
                    do {
                        try await Task.sleep(for: interval)
                    } catch {
                        return
                    }
                }
            }
        )
    }

    private func sendKeepAlive() async -> Bool {
        guard case .ready = phase else {
            return false
        }
        await send(.keepAlive)
        return true
    }

    private func subscribe(id: String, request: GraphQLOperationRequest) async throws(WebSocketCloseReason) {
        guard case .ready(let user) = phase else {
            throw .unauthorized
        }
        if operations[id] != nil {
            guard subprotocol == .graphQLWS else {
                throw .duplicateID(id)
            }
            // subscriptions-transport-ws replaces an operation started again under the same id.
            await stop(id: id)
        }
        guard operations.count < limits.maximumSubscriptions else {
            let error = GraphQLError(
                message: "Too many operations on one connection (at most \(limits.maximumSubscriptions)); complete one first.",
                extensions: ["code": .string("TOO_MANY_SUBSCRIPTIONS")]
            )
            await send(.error(id: id, errors: ResponseJSON.encodeErrors([error], defaultCode: "TOO_MANY_SUBSCRIPTIONS")))
            return
        }
        let operation: PreparedOperation
        switch service.prepare(request, user: user) {
        case .failure(let failure):
            await send(.error(id: id, errors: ResponseJSON.encodeErrors(failure.errors, defaultCode: failure.code)))
            return
        case .success(let prepared):
            operation = prepared
        }
        nextSerial += 1
        let serial = nextSerial
        if operation.isSubscription {
            // Registered now, before the next message is read: an event published after the
            // client's following message (a ping, another operation) reaches this subscription.
            let subscriber = service.data.tripsBooked.subscribe()
            let task = Task { await self.stream(operation, id: id, serial: serial, subscriber: subscriber) }
            operations[id] = Operation(serial: serial, task: task, subscriber: subscriber)
        } else {
            let task = Task { await self.runOnce(operation, id: id, serial: serial) }
            operations[id] = Operation(serial: serial, task: task, subscriber: nil)
        }
    }

    private func stream(_ operation: PreparedOperation, id: String, serial: Int, subscriber: TripsBookedSubscriber) async {
        for await event in subscriber.events {
            let result = await service.execute(operation, event: event)
            guard operations[id]?.serial == serial else {
                return
            }
            await send(.next(id: id, result: result))
        }
        guard operations[id]?.serial == serial else {
            return
        }
        operations[id] = nil
        if subscriber.overflowed {
            let error = GraphQLError(
                message: "This subscription fell more than \(service.data.tripsBooked.bufferLimit) events behind and was ended; subscribe again.",
                extensions: ["code": .string("SUBSCRIBER_OVERFLOW")]
            )
            await send(.error(id: id, errors: ResponseJSON.encodeErrors([error], defaultCode: "SUBSCRIBER_OVERFLOW")))
        } else {
            await send(.complete(id: id))
        }
    }

    private func runOnce(_ operation: PreparedOperation, id: String, serial: Int) async {
        let result = await service.execute(operation)
        guard operations[id]?.serial == serial else {
            return
        }
        operations[id] = nil
        await send(.next(id: id, result: result))
        await send(.complete(id: id))
    }

    /// The client ends operation `id` (`complete` or `stop`); unknown ids are ignored.
    private func stop(id: String) async {
        guard let operation = operations.removeValue(forKey: id) else {
            return
        }
        operation.task.cancel()
        operation.subscriber?.cancel()
        if subprotocol == .graphQLWS {
            // subscriptions-transport-ws confirms a `stop` with `complete`.
            await send(.complete(id: id))
        }
    }

    private func send(_ message: WebSocketServerMessage) async {
        if case .closed = phase {
            return
        }
        try? await sink.send(message.text(for: subprotocol))
    }

    private func close(_ reason: WebSocketCloseReason) async {
        if case .closed = phase {
            return
        }
        if subprotocol == .graphQLWS {
            try? await sink.send(WebSocketServerMessage.connectionError(message: reason.reason).text(for: subprotocol))
        }
        // The close frame goes out before the connection counts as closed: marking it closed
        // first woke the handler, which could end (and drop the socket) before the frame was
        // sent, so a client saw a bare hang-up instead of 4403.
        cancelEverything()
        try? await sink.close(code: reason.code, reason: reason.reason)
        markClosed()
    }

    private func shutdown() {
        markClosed()
        cancelEverything()
    }

    private func cancelEverything() {
        for operation in operations.values {
            operation.task.cancel()
            operation.subscriber?.cancel()
        }
        operations.removeAll()
        for timer in timers {
            timer.cancel()
        }
        timers.removeAll()
    }
}
