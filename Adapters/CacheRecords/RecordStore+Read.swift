import GraphQLClient
import JSON

extension RecordStore {
    /// The answer to a query assembled from records, or `nil` unless every selected field is
    /// cached (a deferred field not cached is left out: its part has not arrived) and, with `oldestAllowed`, every record read was received at that time or later.
    package mutating func read(_ operation: GraphQLOperation, variables: [String: JSONValue], oldestAllowed: Int64?) -> [String: JSONValue]? {
        guard operation.kind == .query else { return nil }
        return readObject(CacheKeys.queryRoot, field: nil, rootSelections: operation.selections, variables: variables, oldestAllowed: oldestAllowed)
    }

    /// Reads the record under `key` with the fields selected on it: the root's, or `field`'s
    /// for the record's own `__typename` (type conditions select per object type).
    private mutating func readObject(
        _ key: String,
        field: GraphQLField?,
        rootSelections: [GraphQLField] = [],
        variables: [String: JSONValue],
        oldestAllowed: Int64?
    ) -> [String: JSONValue]? {
        guard let stored = stored(key) else { return nil }
        if let oldestAllowed, stored.receivedAt < oldestAllowed { return nil }
        switch stored.slot {
        case .decoded(let record):
            let selections = Self.selections(of: field, root: rootSelections) { record["__typename"] }
            return readFields(selections, variables: variables, oldestAllowed: oldestAllowed) { record[$0] }
        case .encoded(let bytes):
            // Read without decoding the whole record: reading a large answer back then makes no
            // string per field name and no dictionary per record.
            return bytes.withUnsafeBufferPointer { buffer in
                guard let encoded = EncodedRecordReader(buffer) else { return nil }
                let selections = Self.selections(of: field, root: rootSelections) { encoded.value("__typename") }
                return readFields(selections, variables: variables, oldestAllowed: oldestAllowed) { encoded.value($0) }
            }
        }
    }

    /// The fields to read from a record: the root's, or `field`'s for the typename the record
    /// holds (read only when the field has type cases).
    private static func selections(of field: GraphQLField?, root: [GraphQLField], typename: () -> CacheValue?) -> [GraphQLField] {
        guard let field else { return root }
        guard !field.typeCases.isEmpty else { return field.selections }
        guard case .scalar(.string(let name))? = typename() else { return field.selections }
        return field.selections(forTypename: name)
    }

    private mutating func readFields(
        _ selections: [GraphQLField],
        variables: [String: JSONValue],
        oldestAllowed: Int64?,
        value: (String) -> CacheValue?
    ) -> [String: JSONValue]? {
        var object = [String: JSONValue](minimumCapacity: selections.count)
        for field in selections where field.isSelected(variables: variables) {
            guard let cached = value(field.cacheKey(variables: variables)) else {
                // A deferred field not cached is one whose part has not arrived: left out.
                if field.deferral != nil { continue }
                return nil
            }
            guard let json = denormalize(cached, field: field, variables: variables, oldestAllowed: oldestAllowed) else { return nil }
            object[field.responseKey] = json
        }
        return object
    }

    /// The keys the records under `keys` refer to through the object fields `field` selects
    /// on them (for prefetching; records not fetched yet are skipped).
    private func references(below keys: [String], field: GraphQLField, variables: [String: JSONValue]) -> [String] {
        var found: [String] = []
        for key in keys {
            guard case .encoded(let bytes)?? = fetchedSlot(key) else { continue }
            bytes.withUnsafeBufferPointer { buffer in
                guard let encoded = EncodedRecordReader(buffer) else { return }
                let selections = Self.selections(of: field, root: []) { encoded.value("__typename") }
                for child in selections where !child.selections.isEmpty && child.isSelected(variables: variables) {
                    switch encoded.value(child.cacheKey(variables: variables)) {
                    case .reference(let reference)?: found.append(reference)
                    case .list(let elements)?:
                        for case .reference(let reference) in elements { found.append(reference) }
                    default: break
                    }
                }
            }
        }
        return found
    }

    private mutating func denormalize(_ value: CacheValue, field: GraphQLField, variables: [String: JSONValue], oldestAllowed: Int64?) -> JSONValue? {
        switch value {
        case .scalar(let scalar):
            return scalar
        case .reference(let key):
            guard !field.selections.isEmpty else { return nil }
            return readObject(key, field: field, variables: variables, oldestAllowed: oldestAllowed).map(JSONValue.object)
        case .list(let elements):
            let keys = elements.compactMap { if case .reference(let key) = $0 { key } else { nil } }
            prefetch(keys)
            // The elements' own objects (a launch's mission) in one round trip too, not one each.
            prefetch(references(below: keys, field: field, variables: variables))
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for element in elements {
                guard let json = denormalize(element, field: field, variables: variables, oldestAllowed: oldestAllowed) else { return nil }
                array.append(json)
            }
            return .array(array)
        }
    }
}
