import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLClient

extension HTTPTransportError.Kind {
    /// The transport failure kind for a `URLError` code.
    public init(_ code: URLError.Code) {
        switch code {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut
        case .cannotConnectToHost: self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: self = .hostUnreachable
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: self = .connectionLost
        default: self = .other(code: code.rawValue)
        }
    }
}
