import JSON

/// Checks that an answer has the shape its operation asked for: every selected field present
/// (`null` allowed; a field under `@include`/`@skip` is selected when its conditions hold with
/// the request's variables; an object's type case, chosen by its `__typename`, decides which
/// fields it must have), objects where a field has a selection set, and no object for a
/// leaf field.
///
/// A server is bound to answer every selected field, so an answer that lacks one is not a
/// response to this operation; it is rejected before anything reaches the cache.
package enum ResponseShape {
    /// A description of the first problem found (for example `launch.site is missing`), or
    /// `nil` when the data matches the selections.
    package static func problem(in data: [String: JSONValue], selections: [GraphQLField], variables: [String: JSONValue]) -> String? {
        // Check without building paths first: describing the problem is for the rare failure.
        matches(data, selections: selections, variables) ? nil : problem(in: data, selections: selections, path: "", variables)
    }

    private static func matches(_ object: [String: JSONValue], selections: [GraphQLField], _ variables: [String: JSONValue]) -> Bool {
        for field in selections where field.isSelected(variables: variables) {
            guard let value = object[field.responseKey] else {
                // A deferred field arrives in a later part.
                if field.deferral != nil { continue }
                return false
            }
            guard matches(value, field: field, variables) else { return false }
        }
        return true
    }

    /// Whether a deferred field (``GraphQLField/deferral``) that `variables` select is missing
    /// from `data`: the answer is not whole yet (its part has not arrived, or failed).
    package static func lacksDeferredFields(in data: [String: JSONValue], selections: [GraphQLField], variables: [String: JSONValue]) -> Bool {
        selections.contains { field in
            guard field.isSelected(variables: variables), field.holdsDeferredFields else { return false }
            guard let value = data[field.responseKey] else { return true }
            return lacksDeferredFields(in: value, field: field, variables)
        }
    }

    private static func lacksDeferredFields(in value: JSONValue, field: GraphQLField, _ variables: [String: JSONValue]) -> Bool {
        switch value {
        case .array(let elements): elements.contains { lacksDeferredFields(in: $0, field: field, variables) }
        case .object(let object): lacksDeferredFields(in: object, selections: field.selections(for: object), variables: variables)
        default: false
        }
    }

    private static func matches(_ value: JSONValue, field: GraphQLField, _ variables: [String: JSONValue]) -> Bool {
        switch value {
        case .null: true
        case .array(let elements): elements.allSatisfy { matches($0, field: field, variables) }
        case .object(let object): !field.selections.isEmpty && matches(object, selections: field.selections(for: object), variables)
        default: field.selections.isEmpty
        }
    }

    private static func problem(
        in object: [String: JSONValue], selections: [GraphQLField], path: String, _ variables: [String: JSONValue]
    ) -> String? {
        for field in selections where field.isSelected(variables: variables) {
            let fieldPath = path.isEmpty ? field.responseKey : path + "." + field.responseKey
            guard let value = object[field.responseKey] else {
                if field.deferral != nil { continue }
                return "\(fieldPath) is missing"
            }
            if let problem = problem(in: value, field: field, path: fieldPath, variables) { return problem }
        }
        return nil
    }

    private static func problem(in value: JSONValue, field: GraphQLField, path: String, _ variables: [String: JSONValue]) -> String? {
        switch value {
        case .null:
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let problem = problem(in: element, field: field, path: "\(path)[\(index)]", variables) { return problem }
            }
            return nil
        case .object(let object):
            guard !field.selections.isEmpty else { return "\(path) is an object where a value was expected" }
            return problem(in: object, selections: field.selections(for: object), path: path, variables)
        default:
            return field.selections.isEmpty ? nil : "\(path) is a value where an object was expected"
        }
    }
}
