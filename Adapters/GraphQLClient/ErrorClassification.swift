import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns whatever a session or interceptor threw into a ``GraphQLClientError`` where it can.
enum ErrorClassification {
    /// The error as a ``GraphQLClientError`` for `operation`; errors the client does not know
    /// (for example from a token closure) are returned unchanged.
    static func classify(_ error: any Error, operation: String) -> any Error {
        if let error = error as? GraphQLClientError {
            if Task.isCancelled, error.kind != .cancelled {
                return GraphQLClientError(operationName: operation, kind: .cancelled)
            }
            return error
        }
        if error is CancellationError || Task.isCancelled {
            return GraphQLClientError(operationName: operation, kind: .cancelled)
        }
        if let error = error as? URLError {
            return GraphQLClientError(operationName: operation, kind: kind(for: error.code))
        }
        return error
    }

    static func kind(for code: URLError.Code) -> GraphQLClientError.Kind {
        switch code {
        case .cancelled: .cancelled
        case .timedOut: .timedOut
        case .cannotConnectToHost: .transport(.connectionRefused)
        case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: .transport(.hostUnreachable)
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: .transport(.connectionLost)
        default: .transport(.other(code: code.rawValue))
        }
    }
}
