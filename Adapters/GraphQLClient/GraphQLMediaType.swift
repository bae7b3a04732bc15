/// What an answer's `Content-Type` says its body is, as the GraphQL-over-HTTP spec sorts them.
public enum GraphQLMediaType: Sendable, Hashable {
    /// `application/graphql-response+json`: a GraphQL response whatever the HTTP status.
    case graphQLResponse
    /// `application/json` (or no `Content-Type`): the legacy type; a GraphQL response only
    /// when the status is 2xx, though a 4xx often holds one.
    case json
    /// Anything else (HTML or text from a proxy, for example).
    case other

    /// The media type of a `Content-Type` header value (parameters and case ignored).
    public init(contentType: String?) {
        guard let contentType else {
            self = .json
            return
        }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let essence = String(type.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()).lowercased()
        self =
            switch essence {
            case "application/graphql-response+json": .graphQLResponse
            case "application/json", "": .json
            default: .other
            }
    }

    /// The media type of `headers`' `Content-Type`, whatever the header name's case.
    public init(headers: [String: String]) {
        let value = headers.first { $0.key.lowercased() == "content-type" }?.value
        self.init(contentType: value)
    }
}
