import GraphQLClient
import JSON

extension RecordStore {
    /// Splits an answer into records: objects with `__typename` and `id` under `Type:id`, others
    /// under their path from the nearest keyed parent, root fields under ``CacheKeys/queryRoot``.
    ///
    /// For a mutation the root fields, and objects keyed only by their path from the root, are
    /// not stored; objects with an id (and what hangs below them) are.
    mutating func write(_ data: [String: JSONValue], for operation: GraphQLOperation, variables: [String: JSONValue]) {
        let isQuery = operation.kind == .query
        let root = isQuery ? CacheKeys.queryRoot : CacheKeys.mutationRoot
        writeObject(data, selections: operation.selections, key: root, stores: isQuery, variables: variables)
    }

    private mutating func writeObject(
        _ object: [String: JSONValue],
        selections: [GraphQLField],
        key: String,
        stores: Bool,
        variables: [String: JSONValue]
    ) {
        var fields = CacheRecord(minimumCapacity: selections.count)
        for field in selections {
            guard let value = object[field.responseKey] else { continue }
            let fieldKey = field.cacheKey(variables: variables)
            let path = field.selections.isEmpty ? "" : CacheKeys.path(key, fieldKey)
            fields[fieldKey] = normalize(value, field: field, path: path, stores: stores, variables: variables)
        }
        if stores { merge(fields, into: key) }
    }

    private mutating func normalize(
        _ value: JSONValue,
        field: GraphQLField,
        path: String,
        stores: Bool,
        variables: [String: JSONValue]
    ) -> CacheValue {
        guard !field.selections.isEmpty else { return .scalar(value) }
        switch value {
        case .object(let object):
            let ownKey = CacheKeys.key(for: object)
            let key = ownKey ?? path
            writeObject(object, selections: field.selections, key: key, stores: stores || ownKey != nil, variables: variables)
            return .reference(key)
        case .array(let elements):
            var list: [CacheValue] = []
            list.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                list.append(normalizeElement(element, index: index, field: field, path: path, stores: stores, variables: variables))
            }
            return .list(list)
        default:
            return .scalar(value)
        }
    }

    /// A list element: keyed by its own id, or by the list's path plus its index.
    private mutating func normalizeElement(
        _ element: JSONValue,
        index: Int,
        field: GraphQLField,
        path: String,
        stores: Bool,
        variables: [String: JSONValue]
    ) -> CacheValue {
        switch element {
        case .object(let object):
            if let key = CacheKeys.key(for: object) {
                writeObject(object, selections: field.selections, key: key, stores: true, variables: variables)
                return .reference(key)
            }
            return normalize(element, field: field, path: CacheKeys.path(path, String(index)), stores: stores, variables: variables)
        case .array:
            return normalize(element, field: field, path: CacheKeys.path(path, String(index)), stores: stores, variables: variables)
        default:
            return .scalar(element)
        }
    }
}
