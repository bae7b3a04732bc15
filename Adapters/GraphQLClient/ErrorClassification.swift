import Transport

/// Turns whatever a session or interceptor threw into a ``GraphQLClientError`` where it can.
package enum ErrorClassification {
    /// The error as a ``GraphQLClientError`` for `operation`; errors the client does not know
    /// (for example from a token closure) are returned unchanged.
    package static func classify(_ error: any Error, operation: String) -> any Error {
        if let error = error as? GraphQLClientError {
            if Task.isCancelled, error.kind != .cancelled {
                return GraphQLClientError(operationName: operation, kind: .cancelled)
            }
            return error
        }
        if error is CancellationError || Task.isCancelled {
            return GraphQLClientError(operationName: operation, kind: .cancelled)
        }
        if let error = error as? HTTPTransportError {
            return GraphQLClientError(operationName: operation, kind: kind(for: error.kind))
        }
        return error
    }

    static func kind(for kind: HTTPTransportError.Kind) -> GraphQLClientError.Kind {
        switch kind {
        case .cancelled: .cancelled
        case .timedOut: .timedOut
        case .connectionRefused: .transport(.connectionRefused)
        case .hostUnreachable: .transport(.hostUnreachable)
        case .connectionLost: .transport(.connectionLost)
        case .unsupportedURL: .transport(.unsupportedURL)
        case .system(let errno): .transport(.system(errno: errno))
        case .other(let code): .transport(.other(code: code))
        case .tlsUnavailable(let reason): .transport(.tlsUnavailable(reason: reason))
        case .tlsCertificate(let reason): .transport(.tlsCertificate(reason: reason))
        case .tlsHandshake(let reason): .transport(.tlsHandshake(reason: reason))
        case .proxyFailed(let proxy, let reason): .transport(.proxyFailed(proxy: proxy, reason: reason))
        case .redirected(let status, let location): .redirected(status: status, location: location)
        case .malformedResponse(let reason): .malformedResponse(reason)
        case .responseTooLarge(let limit): .responseTooLarge(limit: limit)
        }
    }
}
