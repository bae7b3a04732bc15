import GraphQLLanguage

/// An operation as the client's `GraphQLOperation` sees it: fragments and inline fragments
/// merged in, arguments as values. The generator writes it as Swift (`static let operation`);
/// `rocket-reserver query` turns it into a `GraphQLOperation` at run time. One conversion, two uses.
public struct ClientOperationPlan: Sendable, Equatable {
    public let kind: OperationKind
    /// The operation's name; empty for an anonymous operation.
    public let name: String
    /// The variables in order, each with its type as written (e.g. `ID!`).
    public let variables: [ClientVariablePlan]
    public let fields: [ClientFieldPlan]
}

/// One declared variable: its name (without `$`), type and default value.
public struct ClientVariablePlan: Sendable, Equatable {
    public let name: String
    public let type: TypeReference
    public let defaultValue: ClientLiteral?
}

/// One field of a merged selection, in the order it was first selected.
public struct ClientFieldPlan: Sendable, Equatable {
    public let name: String
    public let alias: String?
    public let arguments: [ClientArgumentPlan]
    /// The sub-selections; empty for a leaf field.
    public let selections: [ClientFieldPlan]
    /// The object types the field's objects may be, sorted (`[]` for a leaf field): what the
    /// client's normalized cache accepts as their `__typename`.
    public let possibleTypes: [String]
    /// `@include`/`@skip` conditions, all of which must hold; empty when always selected.
    public let conditions: [ClientConditionPlan]
    /// What type conditions select on some of the possible types (each case for types of its
    /// own, with every field those objects get); empty when all objects get ``selections``.
    public let typeCases: [ClientTypeCasePlan]
    /// The `@defer` of the fragment the field was selected in; `nil` when it is in the first payload.
    public let deferral: ClientDeferralPlan?

    /// The key of the field's value in an answer.
    public var responseKey: String { alias ?? name }
}

/// The fields a composite field selects on objects of some of its possible types.
public struct ClientTypeCasePlan: Sendable, Equatable {
    /// The object types (`__typename`s), sorted.
    public let possibleTypes: [String]
    /// Every field selected on those objects, the field's own selections included.
    public let selections: [ClientFieldPlan]
}

/// `@defer(label:if:)` on the fragment a field was selected in.
public struct ClientDeferralPlan: Sendable, Equatable {
    public let label: String?
    /// The `if:` variable, when it is one (`nil`: always deferred).
    public let condition: ClientInputPlan?
}

/// `@include(if:)` or `@skip(if:)` on a selection, with its `if:` value.
public struct ClientConditionPlan: Sendable, Equatable {
    /// `true` for `@include`, `false` for `@skip`.
    public let isInclude: Bool
    public let value: ClientInputPlan
}

/// `name: value` of a field argument.
public struct ClientArgumentPlan: Sendable, Equatable {
    public let name: String
    public let value: ClientInputPlan
}

/// An argument's value: a variable, a bare enum value, a list of these, or a literal.
public indirect enum ClientInputPlan: Sendable, Equatable {
    case variable(String)
    case enumValue(String)
    case list([ClientInputPlan])
    case literal(ClientLiteral)
    /// An input object holding variables somewhere, members in the order written.
    case object([ClientObjectMemberPlan])
}

/// One member of an input object value that holds variables.
public struct ClientObjectMemberPlan: Sendable, Equatable {
    public let name: String
    public let value: ClientInputPlan
}

/// A constant value as JSON sees it (enum values inside objects become strings).
public indirect enum ClientLiteral: Sendable, Equatable {
    case int(Int)
    /// A number as written (a float, or an integer too large for `Int`).
    case float(String)
    case string(String)
    case bool(Bool)
    case null
    case list([ClientLiteral])
    /// Members in the order written.
    case object([(name: String, value: ClientLiteral)])

    public static func == (lhs: ClientLiteral, rhs: ClientLiteral) -> Bool {
        switch (lhs, rhs) {
        case let (.int(a), .int(b)): a == b
        case let (.float(a), .float(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        case let (.list(a), .list(b)): a == b
        case let (.object(a), .object(b)): a.map(\.name) == b.map(\.name) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// A constant value (variables inside it become `null`; validation and the planner report them).
    init(_ value: Value) {
        switch value.kind {
        case .int(let text): self = Int(text).map(ClientLiteral.int) ?? .float(text)
        case .float(let text): self = .float(text)
        case .string(let text, _): self = .string(text)
        case .boolean(let flag): self = .bool(flag)
        case .null, .variable: self = .null
        case .enumValue(let name): self = .string(name)
        case .list(let values): self = .list(values.map(ClientLiteral.init))
        case .object(let fields): self = .object(fields.map { ($0.name.value, ClientLiteral($0.value)) })
        }
    }
}
