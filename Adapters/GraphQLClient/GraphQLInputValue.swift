import JSON

/// A value given to a field argument: a variable, an enum case, a literal, or a list of these.
public indirect enum GraphQLInputValue: Sendable, Hashable {
    /// `$name`: resolved from the operation's variables (a missing variable counts as `null`).
    case variable(String)
    /// An enum case written bare, for example `LARGE`.
    case enumValue(String)
    /// A literal JSON value.
    case literal(JSONValue)
    /// A list, for example `[$id]`.
    case list([GraphQLInputValue])

    /// The value with variables replaced, as the cache key sees it (enum cases become strings).
    func resolved(with variables: [String: JSONValue]) -> JSONValue {
        switch self {
        case .variable(let name): variables[name] ?? .null
        case .enumValue(let name): .string(name)
        case .literal(let value): value
        case .list(let elements): .array(elements.map { $0.resolved(with: variables) })
        }
    }

    /// Whether the value mentions a variable anywhere.
    var usesVariables: Bool {
        switch self {
        case .variable: true
        case .enumValue, .literal: false
        case .list(let elements): elements.contains { $0.usesVariables }
        }
    }
}
