import JSON

/// One entry of a response's `errors` array; missing members are tolerated.
public struct GraphQLError: Sendable, Hashable, CustomStringConvertible {
    /// The server's message, or `"(no message)"` when it sent none.
    public var message: String
    /// The path of the field that failed, indexes written as numbers (e.g. `["me", "trips", "0"]`).
    public var path: [String]
    /// `extensions.code`, e.g. `UNAUTHENTICATED`.
    public var code: String?

    public init(message: String, path: [String] = [], code: String? = nil) {
        self.message = message
        self.path = path
        self.code = code
    }

    /// Reads an entry leniently: anything that is not a string where one is expected is ignored.
    public init(json: JSONValue) {
        message = json["message"]?.stringValue ?? "(no message)"
        path = (json["path"]?.arrayValue ?? []).compactMap { element in
            switch element {
            case .string(let name): name
            case .int(let index): String(index)
            default: nil
            }
        }
        code = json["extensions"]?["code"]?.stringValue
    }

    public var description: String { message }
}
