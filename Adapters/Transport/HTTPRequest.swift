#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP request as the ``HTTPSession`` seam carries it: plain Sendable values, no
/// FoundationNetworking types.
///
/// Header names are matched case-insensitively by ``value(forHTTPHeaderField:)`` and
/// ``setValue(_:forHTTPHeaderField:)``, as `URLRequest` does.
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
    public var method: String
    public var headers: [String: String]
    public var body: Data
    /// How long the whole exchange may take; sessions enforce it themselves too.
    public var timeout: Duration
    /// Whether sending the request twice does no more than sending it once (a GraphQL query,
    /// a `GET`), so a session may send it again when a reused connection turned out to be
    /// closed before any byte of the answer arrived. A session never sends a request that is not
    /// idempotent (a mutation) twice.
    ///
    /// Defaults to what the method says (RFC 9110 §9.2.2: `GET`, `HEAD`, `OPTIONS`, `TRACE`,
    /// `PUT`, `DELETE`), so a `POST` is not idempotent unless its sender says so.
    public var isIdempotent: Bool

    public init(
        url: URL, method: String = "POST", headers: [String: String] = [:], body: Data = Data(), timeout: Duration = .seconds(30),
        isIdempotent: Bool? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.isIdempotent = isIdempotent ?? ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(method.uppercased())
    }

    /// The body, named as on `URLRequest` to keep call sites familiar.
    public var httpBody: Data? { body }

    /// The method, named as on `URLRequest`.
    public var httpMethod: String? { method }

    /// The value of the header named `name`, whatever its case.
    public func value(forHTTPHeaderField name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.caseInsensitiveEquals(name) }?.value
    }

    /// Sets (or with `nil` removes) the header named `name`, replacing any spelling of it.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        for key in headers.keys where key.caseInsensitiveEquals(name) { headers[key] = nil }
        headers[name] = value
    }
}

extension String {
    /// Whether the two ASCII header names are equal ignoring case.
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { Self.lowered($0) == Self.lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }
}
