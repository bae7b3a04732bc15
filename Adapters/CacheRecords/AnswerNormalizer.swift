import GraphQLClient
import JSON

/// Splits one answer into the records it may write, or refuses it whole.
///
/// Objects whose selection asks for `id` and whose `__typename` is a GraphQL name go under
/// `Type:id` (``CacheKeys``); others under their path from the nearest keyed parent; root
/// fields under ``CacheKeys/queryRoot``. An answer may write only the records these rules give
/// its own path, so it is refused (``CacheIdentityError``) when an object
/// - has a `__typename` that is not a name (it could spell a path key),
/// - has a `__typename` that its field cannot hold by the schema (``GraphQLField/possibleTypes``):
///   a `Mission` claiming to be `Launch:5` would write launch 5's record,
/// - repeats an identity met earlier in the answer with other values (the answer contradicts
///   itself, so neither copy can be trusted).
///
/// For a mutation the root fields, and objects keyed only by their path from the root, are
/// not kept; objects with an id (and what hangs below them) are.
package struct AnswerNormalizer {
    private let variables: [String: JSONValue]
    private var records: [String: CacheRecord] = [:]
    /// Whether ``trail`` is kept: only when describing a refusal (the rare case), on a second walk.
    private let tracksPath: Bool
    private var trail: [ResponsePath.Component] = []

    private init(variables: [String: JSONValue], tracksPath: Bool) {
        self.variables = variables
        self.tracksPath = tracksPath
    }

    /// The records `data`, an answer to `operation`, writes, by key.
    package static func records(
        _ data: [String: JSONValue], for operation: GraphQLOperation, variables: [String: JSONValue]
    ) throws(CacheIdentityError) -> [String: CacheRecord] {
        let isQuery = operation.kind == .query
        let root = isQuery ? CacheKeys.queryRoot : CacheKeys.mutationRoot
        var normalizer = AnswerNormalizer(variables: variables, tracksPath: false)
        do {
            try normalizer.writeObject(data, selections: operation.selections, key: root, stores: isQuery)
            return normalizer.records
        } catch {
            // Walk again keeping the path, to say where the refused object is.
            var describer = AnswerNormalizer(variables: variables, tracksPath: true)
            try describer.writeObject(data, selections: operation.selections, key: root, stores: isQuery)
            throw error
        }
    }

    private mutating func writeObject(
        _ object: [String: JSONValue], selections: [GraphQLField], key: String, stores: Bool
    ) throws(CacheIdentityError) {
        var fields = CacheRecord(minimumCapacity: selections.count)
        for field in selections {
            guard let value = object[field.responseKey] else { continue }
            let fieldKey = field.cacheKey(variables: variables)
            if tracksPath { trail.append(.key(field.responseKey)) }
            fields[fieldKey] = try normalize(value, field: field, path: PathKey(prefix: key, field: fieldKey), stores: stores)
            if tracksPath { trail.removeLast() }
        }
        if stores { try keep(fields, under: key) }
    }

    private mutating func normalize(_ value: JSONValue, field: GraphQLField, path: PathKey, stores: Bool) throws(CacheIdentityError) -> CacheValue {
        guard !field.selections.isEmpty else { return .scalar(value) }
        switch value {
        case .object(let object):
            let ownKey = try identity(of: object, field: field)
            let key = ownKey ?? path.text
            // Type conditions: the fields selected for this object's own type (its `__typename`,
            // checked by `identity` to be a possible type).
            try writeObject(object, selections: field.selections(for: object), key: key, stores: stores || ownKey != nil)
            return .reference(key)
        case .array(let elements):
            var list: [CacheValue] = []
            list.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if tracksPath { trail.append(.index(index)) }
                list.append(try normalize(element, field: field, path: path.element(index), stores: stores))
                if tracksPath { trail.removeLast() }
            }
            return .list(list)
        default:
            return .scalar(value)
        }
    }

    /// The object's `Type:id` key, `nil` when it has none (no id selected or answered), or the
    /// reason its claimed type is refused.
    private func identity(of object: [String: JSONValue], field: GraphQLField) throws(CacheIdentityError) -> String? {
        // `__typename` is selected, unaliased, on every object (``GraphQLField``).
        guard let claimed = object["__typename"] else { return nil }
        guard case .string(let typename) = claimed else { throw CacheIdentityError(path: pathText, reason: .typenameNotAName) }
        // A possible type is a schema type's name, so it needs no further check.
        if let possible = field.possibleTypes {
            guard possible.contains(typename) else {
                let reason: CacheIdentityError.Reason = CacheKeys.isName(typename) ? .typeNotPossible(typename: typename) : .typenameNotAName
                throw CacheIdentityError(path: pathText, reason: reason)
            }
        } else if !CacheKeys.isName(typename) {
            throw CacheIdentityError(path: pathText, reason: .typenameNotAName)
        }
        // Only an id the selection asked for identifies the object, not one the server added.
        guard let idKey = field.identityKey(forTypename: typename), let id = object[idKey].flatMap(CacheKeys.identifier) else { return nil }
        return CacheKeys.key(typename: typename, id: id)
    }

    /// Adds fields to the record under `key`; a field this answer already gave another value
    /// makes the answer contradict itself.
    private mutating func keep(_ fields: CacheRecord, under key: String) throws(CacheIdentityError) {
        // One lookup for a key first seen (the usual case).
        guard var merged = records.updateValue(fields, forKey: key) else { return }
        // Seen before in this answer (the same object twice, or a parent's key reused).
        for (field, value) in fields {
            if let earlier = merged[field], earlier != value {
                throw CacheIdentityError(path: pathText, reason: .conflictingValues)
            }
            merged[field] = value
        }
        records[key] = merged
    }

    /// The path key of an object without an identity of its own (``CacheKeys/path(_:_:)``),
    /// built only when one needs it: most objects in lists have an id.
    private struct PathKey {
        /// The parent record's key, or a path already built.
        var prefix: String
        /// A field key still to append.
        var field: String?
        /// A list index still to append.
        var index: Int?

        var text: String {
            var text = prefix
            if let field { text = CacheKeys.path(text, field) }
            if let index { text = CacheKeys.path(text, String(index)) }
            return text
        }

        /// The path of the element at `index` of the list at this path.
        func element(_ index: Int) -> PathKey {
            self.index == nil ? PathKey(prefix: prefix, field: field, index: index) : PathKey(prefix: text, field: nil, index: index)
        }
    }

    /// The current path as response keys and indexes: `launches.launches[3]`, `the answer` at the root.
    private var pathText: String {
        trail.isEmpty ? "the answer" : ResponsePath(trail).description
    }
}
