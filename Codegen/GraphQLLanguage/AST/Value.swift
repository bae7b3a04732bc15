/// An input value as written: a literal, an enum value, a variable, a list or an object.
public struct Value: Sendable, Hashable, CustomStringConvertible {
    public indirect enum Kind: Sendable, Hashable {
        case variable(String)
        /// The digits as written.
        case int(String)
        /// The number as written.
        case float(String)
        /// The unescaped string; `block` when written as `"""..."""`.
        case string(String, block: Bool)
        case boolean(Bool)
        case null
        case enumValue(String)
        case list([Value])
        case object([ObjectField])
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The value in GraphQL syntax, on one line.
    public var description: String {
        switch kind {
        case .variable(let name): "$" + name
        case .int(let text), .float(let text): text
        case .string(let text, _): StringLiteral.quoted(text)
        case .boolean(let value): value ? "true" : "false"
        case .null: "null"
        case .enumValue(let name): name
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { "\($0.name.value): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// The names of the variables used anywhere in this value.
    public var variableNames: [String] {
        switch kind {
        case .variable(let name): [name]
        case .list(let values): values.flatMap(\.variableNames)
        case .object(let fields): fields.flatMap(\.value.variableNames)
        default: []
        }
    }
}

/// `name: value` inside an object value.
public struct ObjectField: Sendable, Hashable {
    public var name: Name
    public var value: Value
}
