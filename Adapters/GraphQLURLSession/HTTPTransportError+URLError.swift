import Foundation
import Transport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPTransportError.Kind {
    /// The transport failure kind for a `URLError` code.
    public init(_ code: URLError.Code) {
        switch code {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut
        case .cannotConnectToHost: self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: self = .hostUnreachable
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: self = .connectionLost
        case .unsupportedURL, .badURL: self = .unsupportedURL
        default: self = .other(code: code.rawValue)
        }
    }
}
