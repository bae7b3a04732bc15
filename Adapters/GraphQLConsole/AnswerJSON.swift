import GraphQLCodegen
import JSON

/// Prints an answer's `data` as indented JSON with the fields in the order the document
/// selects them, leaving out what the client added for its cache (`__typename` not asked for).
enum AnswerJSON {
    static func text(_ data: [String: JSONValue], fields: [ClientFieldPlan]) -> String {
        var text = ""
        write(.object(data), fields: fields, indent: "", into: &text)
        return text
    }

    private static func write(_ value: JSONValue, fields: [ClientFieldPlan], indent: String, into text: inout String) {
        let inner = indent + "  "
        switch value {
        case .object(let members) where !fields.isEmpty:
            var keys: [String] = []
            for field in fields where members[field.responseKey] != nil && !keys.contains(field.responseKey) { keys.append(field.responseKey) }
            guard !keys.isEmpty else { text += "{}"; return }
            text += "{\n"
            for (index, key) in keys.enumerated() {
                text += inner + JSONWriter.string(.string(key)) + ": "
                // Fields with one response key were validated to merge; their selections are joined.
                let selections = fields.filter { $0.responseKey == key }.flatMap(\.selections)
                write(members[key] ?? .null, fields: selections, indent: inner, into: &text)
                text += index == keys.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        case .array(let elements) where !elements.isEmpty:
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                write(element, fields: fields, indent: inner, into: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        default:
            text += JSONWriter.string(value, sortedKeys: true)
        }
    }
}
