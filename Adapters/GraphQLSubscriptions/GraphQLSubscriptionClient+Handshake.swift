#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport

/// Opening the shared connection: the socket, the subprotocol, `connection_init` and its
/// acknowledgement, and the step back to `graphql-ws` for a server that speaks only it.
extension GraphQLSubscriptionClient {
    /// Opens an acknowledged connection, offering the remembered subprotocol first; a server that
    /// picked `graphql-transport-ws` and closed with 1002 before acknowledging is asked again at
    /// once with `graphql-ws` alone. Notes the subprotocol acknowledged when it is new.
    func connect() async throws -> SubscriptionChannel {
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
}
