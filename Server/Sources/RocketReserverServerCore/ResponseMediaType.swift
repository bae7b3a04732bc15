/// The media type the endpoint answers in, chosen from the request's `Accept` header as the
/// GraphQL-over-HTTP spec has it.
public enum ResponseMediaType: Sendable, Equatable {
    /// `application/graphql-response+json`: statuses follow the spec (4xx for request errors).
    case graphQLResponse
    /// `application/json`, the legacy type (and what `*/*` or no `Accept` gets).
    case json

    /// The `Content-Type` value sent.
    public var contentType: String {
        switch self {
        case .graphQLResponse: "application/graphql-response+json; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        }
    }

    /// The type to answer `accept` in: the acceptable one the client weighs most (the first
    /// listed on a tie); `nil` when it accepts neither (406). No header, or an empty one, is
    /// `application/json`; `*/*` and `application/*` get `application/json`.
    public static func negotiate(accept: String?) -> ResponseMediaType? {
        guard let accept, accept.contains(where: { $0 != " " && $0 != "\t" }) else { return .json }
        var best: (type: ResponseMediaType, weight: Double)?
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = parts.first else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            guard weight > 0 else { continue }
            let type: ResponseMediaType? =
                switch range {
                case "application/graphql-response+json": .graphQLResponse
                case "application/json", "application/*", "*/*": .json
                default: nil
                }
            if let type, weight > best?.weight ?? 0 { best = (type, weight) }
        }
        return best?.type
    }

    /// Whether a `POST`'s `Content-Type` is one the endpoint reads: `application/json`, with
    /// no charset or `utf-8`.
    static func readsRequestBody(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard parts.first == "application/json" else { return false }
        return parts.dropFirst().allSatisfy { parameter in
            !parameter.hasPrefix("charset=") || ["utf-8", "\"utf-8\"", "utf8"].contains(parameter.dropFirst("charset=".count))
        }
    }
}
