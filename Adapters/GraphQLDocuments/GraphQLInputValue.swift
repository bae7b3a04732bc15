import JSON

/// A value given to a field argument: a variable, an enum case, a literal, or a list or an
/// input object of these.
public indirect enum GraphQLInputValue: Sendable, Hashable {
    /// `$name`: resolved from the operation's variables (a missing variable counts as `null`).
    case variable(String)
    /// An enum case written bare, for example `LARGE`.
    case enumValue(String)
    /// A literal JSON value.
    case literal(JSONValue)
    /// A list, for example `[$id]`.
    case list([GraphQLInputValue])
    /// An input object whose members may hold variables, for example `{text: $text, limit: 5}`,
    /// members in the order written.
    case object([GraphQLObjectMember])

    /// The value with variables replaced, as the cache key sees it (enum cases become strings).
    func resolved(with variables: [String: JSONValue]) -> JSONValue {
        switch self {
        case .variable(let name): variables[name] ?? .null
        case .enumValue(let name): .string(name)
        case .literal(let value): value
        case .list(let elements): .array(elements.map { $0.resolved(with: variables) })
        case .object(let members):
            // A variable left out is left out of the object, as the server coerces it.
            .object(Dictionary(members.compactMap { member in
                if case .variable(let name) = member.value, variables[name] == nil { return nil }
                return (member.name, member.value.resolved(with: variables))
            }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// Whether the value mentions a variable anywhere.
    var usesVariables: Bool {
        switch self {
        case .variable: true
        case .enumValue, .literal: false
        case .list(let elements): elements.contains { $0.usesVariables }
        case .object(let members): members.contains { $0.value.usesVariables }
        }
    }
}

/// One member of an input object value: `name: value`, the same pair as a field's argument.
public typealias GraphQLObjectMember = GraphQLArgument
