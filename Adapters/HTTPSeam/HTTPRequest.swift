import Foundation

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

    public init(
        url: URL, method: String = "POST", headers: [String: String] = [:], body: Data = Data(), timeout: Duration = .seconds(30)
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
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
