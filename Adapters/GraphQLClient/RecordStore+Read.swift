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
        guard let record = record(key) else { return nil }
        var object = [String: JSONValue](minimumCapacity: selections.count)
        for field in selections {
            guard let value = record[field.cacheKey(variables: variables)],
                  let json = denormalize(value, field: field, variables: variables)
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
