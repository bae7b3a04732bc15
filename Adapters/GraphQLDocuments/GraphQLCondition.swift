import JSON

/// `@include(if:)` or `@skip(if:)` on a selection: whether a field is selected, decided by a
/// literal or by a variable of the operation.
public struct GraphQLCondition: Sendable, Hashable {
    /// Which directive.
    public enum Kind: String, Sendable, Hashable {
        case include
        case skip
    }

    public let kind: Kind
    /// The `if:` argument: `.variable(name)` or `.literal(.bool(…))`.
    public let value: GraphQLInputValue

    public init(_ kind: Kind, if value: GraphQLInputValue) {
        self.kind = kind
        self.value = value
    }

    /// `@include(if: …)`.
    public static func include(_ value: GraphQLInputValue) -> GraphQLCondition { GraphQLCondition(.include, if: value) }
    /// `@skip(if: …)`.
    public static func skip(_ value: GraphQLInputValue) -> GraphQLCondition { GraphQLCondition(.skip, if: value) }

    /// Whether the condition lets the field be selected with `variables` (a `Boolean!`
    /// argument; a value that is not `true` counts as `false`).
    public func holds(variables: [String: JSONValue]) -> Bool {
        let flag = value.resolved(with: variables) == .bool(true)
        return kind == .include ? flag : !flag
    }
}
