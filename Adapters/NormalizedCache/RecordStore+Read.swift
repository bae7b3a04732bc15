import GraphQLClient
import JSON

extension RecordStore {
    /// The answer to a query assembled from records, or `nil` unless every selected field is cached.
    mutating func read(_ operation: GraphQLOperation, variables: [String: JSONValue]) -> [String: JSONValue]? {
        guard operation.kind == .query else { return nil }
        return readObject(CacheKeys.queryRoot, selections: operation.selections, variables: variables)
    }

    private mutating func readObject(
        _ key: String,
        selections: [GraphQLField],
        variables: [String: JSONValue]
    ) -> [String: JSONValue]? {
        switch slots[key] {
        case nil:
            return nil
        case .decoded(let record)?:
            return readFields(selections, variables: variables) { record[$0] }
        case .encoded(let bytes)?:
            // Read without decoding the whole record (and keep it encoded): reading a large
            // answer back then makes no string per field name and no dictionary per record.
            return bytes.withUnsafeBufferPointer { buffer in
                guard let encoded = EncodedRecordReader(buffer) else { return nil }
                return readFields(selections, variables: variables) { encoded.value($0) }
            }
        }
    }

    private mutating func readFields(
        _ selections: [GraphQLField],
        variables: [String: JSONValue],
        value: (String) -> CacheValue?
    ) -> [String: JSONValue]? {
        var object = [String: JSONValue](minimumCapacity: selections.count)
        for field in selections where field.isSelected(variables: variables) {
            guard let cached = value(field.cacheKey(variables: variables)),
                  let json = denormalize(cached, field: field, variables: variables)
            else { return nil }
            object[field.responseKey] = json
        }
        return object
    }

    private mutating func denormalize(_ value: CacheValue, field: GraphQLField, variables: [String: JSONValue]) -> JSONValue? {
        switch value {
        case .scalar(let scalar):
            return scalar
        case .reference(let key):
            guard !field.selections.isEmpty else { return nil }
            return readObject(key, selections: field.selections, variables: variables).map(JSONValue.object)
        case .list(let elements):
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for element in elements {
                guard let json = denormalize(element, field: field, variables: variables) else { return nil }
                array.append(json)
            }
            return .array(array)
        }
    }
}
