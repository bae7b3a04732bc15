#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HostNames
import GraphQLClient

/// Where the `connection_init` payload's `authorization` comes from: the same token closure
/// and scheme as the HTTP ``AuthorizationInterceptor``.
public struct SubscriptionCredentials: Sendable {
    public var scheme: AuthorizationInterceptor.Scheme
    public var token: @Sendable () async throws -> String?
    /// Sends the token over plain `ws://` to any host too: only for a caller that made the
    /// decision itself (the CLI's `ROCKET_RESERVER_ALLOW_INSECURE_HTTP=1`, as for HTTP).
    public var allowsPlainTextToAnyHost: Bool

    public init(
        scheme: AuthorizationInterceptor.Scheme = .raw, allowsPlainTextToAnyHost: Bool = false, token: @escaping @Sendable () async throws -> String?
    ) {
        self.scheme = scheme
        self.allowsPlainTextToAnyHost = allowsPlainTextToAnyHost
        self.token = token
    }

    /// The `authorization` value for `url`, or `nil`: no token, an empty one, or an endpoint a
    /// token may not travel to (plain `ws://` to a host that is not loopback). The token only
    /// ever goes to the client's own endpoint, so its origin is the endpoint's.
    func authorization(for url: URL) async -> String? {
        let scheme = url.scheme?.lowercased()
        let allowed = Self.mayCarryCredentials(url) || (allowsPlainTextToAnyHost && scheme == "ws")
        guard allowed, let token = try? await token(), !token.isEmpty else { return nil }
        return switch self.scheme {
        case .raw: token
        case .bearer: "Bearer " + token
        }
    }

    /// The HTTP rule for credentials: `wss://`, or `ws://` to localhost, 127.0.0.0/8 or `::1`.
    static func mayCarryCredentials(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "wss": return true
        case "ws": return HostName.isLoopback(url.host ?? "")
        default: return false
        }
    }
}
