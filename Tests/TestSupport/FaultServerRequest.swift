import Foundation

/// One HTTP request as the ``FaultServer`` received it.
public struct FaultServerRequest: Sendable {
    /// The request method, for example `POST`.
    public var method: String
    /// The request target, for example `/graphql`.
    public var target: String
    /// The header fields in the order received, names as sent.
    public var headerFields: [(name: String, value: String)]
    /// The body (after undoing chunked transfer coding, if any).
    public var body: Data

    public init(method: String, target: String, headerFields: [(name: String, value: String)], body: Data) {
        self.method = method
        self.target = target
        self.headerFields = headerFields
        self.body = body
    }

    /// The value of the first header field named `name` (case-insensitive), or `nil`.
    public func header(_ name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The GraphQL document sent in a JSON body's `query` field, or `""`.
    public var graphQLQuery: String { jsonBody?["query"] as? String ?? "" }

    /// The GraphQL variables sent in a JSON body, or empty.
    public var graphQLVariables: [String: Any] { jsonBody?["variables"] as? [String: Any] ?? [:] }

    /// Whether the request carries a GraphQL mutation.
    public var isMutation: Bool {
        graphQLQuery.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("mutation")
    }

    private var jsonBody: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
