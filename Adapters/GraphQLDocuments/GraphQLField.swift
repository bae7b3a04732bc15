import JSON

/// One field of a selection set, with its alias, arguments and sub-selections.
///
/// The selection set is data: the query text is rendered from it and the cache normalizes
/// answers with it. A field with sub-selections is an object (or list of objects) and gets
/// `__typename` selected automatically so its objects can be keyed in the cache.
public struct GraphQLField: Sendable, Hashable, ExpressibleByStringLiteral {
    public let name: String
    public let alias: String?
    public let arguments: [GraphQLArgument]
    /// The sub-selections; empty for a scalar field.
    public let selections: [GraphQLField]
    /// The object types the schema allows this field's objects to be (`__typename` values), or
    /// `nil` when not known (a hand-written operation). The normalized cache refuses an answer
    /// whose object claims another type: it would be filed under another type's record. Only
    /// GraphQL names are kept.
    public let possibleTypes: Set<String>?
    /// The response key of the `id` this field's selection asks for (an `id` field without
    /// arguments), or `nil`: what identifies the field's objects in the normalized cache.
    public let identityKey: String?
    /// `@include`/`@skip` conditions, all of which must hold for the field to be selected;
    /// empty for a field that is always selected.
    public let conditions: [GraphQLCondition]
    /// What type conditions select on objects of some of the possible types, each case for
    /// types of its own; empty when every object gets ``selections``.
    public let typeCases: [GraphQLTypeCase]
    /// The `@defer` of the fragment the field was selected in, or `nil` when it is part of the
    /// first payload: the answer may lack it until its part arrives.
    public let deferral: GraphQLDeferral?
    /// The cache key when it does not depend on variables, computed once.
    let constantCacheKey: String?

    /// Creates a field; `arguments` keep their order in the query text.
    public init(
        _ name: String,
        alias: String? = nil,
        arguments: KeyValuePairs<String, GraphQLInputValue> = [:],
        _ selections: [GraphQLField] = [],
        possibleTypes: Set<String>? = nil,
        conditions: [GraphQLCondition] = [],
        typeCases: [GraphQLTypeCase] = [],
        deferral: GraphQLDeferral? = nil
    ) {
        self.init(
            name, alias: alias, argumentList: arguments.map { GraphQLArgument($0.key, $0.value) }, selections, possibleTypes: possibleTypes,
            conditions: conditions, typeCases: typeCases, deferral: deferral
        )
    }

    /// Creates a field from arguments built at run time (for documents parsed at run time).
    public init(
        _ name: String, alias: String? = nil, argumentList: [GraphQLArgument], _ selections: [GraphQLField] = [],
        possibleTypes: Set<String>? = nil, conditions: [GraphQLCondition] = [], typeCases: [GraphQLTypeCase] = [],
        deferral: GraphQLDeferral? = nil
    ) {
        self.name = name
        self.deferral = deferral
        self.conditions = conditions
        // An object field: its own selections or type cases (what a union's field may select alone).
        let isObject = !selections.isEmpty || !typeCases.isEmpty
        self.typeCases = typeCases
        self.alias = alias
        self.arguments = argumentList
        self.possibleTypes = isObject ? possibleTypes.map { $0.filter(GraphQLName.isValid) } : nil
        self.identityKey = selections.first { $0.name == "id" && $0.arguments.isEmpty && $0.selections.isEmpty }?.responseKey
        let hasTypename = selections.contains { $0.name == "__typename" && $0.alias == nil }
        self.selections = !isObject || hasTypename ? selections : [GraphQLField("__typename")] + selections
        let argumentsUseVariables = self.arguments.contains { $0.value.usesVariables }
        self.constantCacheKey = argumentsUseVariables ? nil : Self.cacheKey(name, self.arguments, [:])
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The key this field's value has in an answer: the alias when there is one, else the name.
    public var responseKey: String { alias ?? name }

    /// Whether this field, or one below it, is deferred (``deferral``).
    public var holdsDeferredFields: Bool {
        deferral != nil || selections.contains { $0.holdsDeferredFields } || typeCases.contains { $0.selections.contains { $0.holdsDeferredFields } }
    }

    /// Whether the field is selected with `variables`: every `@include`/`@skip` condition holds.
    public func isSelected(variables: [String: JSONValue]) -> Bool {
        conditions.allSatisfy { $0.holds(variables: variables) }
    }

    /// The fields selected on one of this field's objects, whose `__typename` is `typename`:
    /// its type case's selections when a case is for that type, else ``selections``.
    public func selections(forTypename typename: String?) -> [GraphQLField] {
        guard !typeCases.isEmpty, let typename else { return selections }
        return typeCases.first { $0.possibleTypes.contains(typename) }?.selections ?? selections
    }

    /// The response key of the `id` asked of an object whose `__typename` is `typename`: its
    /// type case's when a case is for that type, else ``identityKey``.
    public func identityKey(forTypename typename: String?) -> String? {
        guard !typeCases.isEmpty, let typename, let typeCase = typeCases.first(where: { $0.possibleTypes.contains(typename) }) else { return identityKey }
        return typeCase.identityKey
    }

    /// The fields selected on `object`, one of this field's objects: decided by its `__typename`.
    public func selections(for object: [String: JSONValue]) -> [GraphQLField] {
        guard !typeCases.isEmpty, case .string(let typename)? = object["__typename"] else { return selections }
        return selections(forTypename: typename)
    }

    /// The key this field's value has in a cache record: the name, followed by the resolved
    /// arguments as JSON with sorted keys when there are any, e.g. `launch({"id":"25"})`.
    public func cacheKey(variables: [String: JSONValue]) -> String {
        constantCacheKey ?? Self.cacheKey(name, arguments, variables)
    }

    private static func cacheKey(_ name: String, _ arguments: [GraphQLArgument], _ variables: [String: JSONValue]) -> String {
        guard !arguments.isEmpty else { return name }
        var members: [String: JSONValue] = [:]
        for argument in arguments { members[argument.name] = argument.value.resolved(with: variables) }
        return name + "(" + JSONWriter.string(.object(members), sortedKeys: true) + ")"
    }
}
