import GraphQLPlanning
import JSON

/// Prints an answer's `data` as indented JSON with the fields in the order the document
/// selects them, leaving out what the client added for its cache (`__typename` not asked for).
///
/// The plan's fields are grouped by response key once (``Shape``), so printing takes time
/// linear in the answer and the plan, however many fields the document selects at one level.
enum AnswerJSON {
    /// The fields selected at one level: response keys in the order first selected, and for
    /// each key the joined selections of the fields with that key (validated to merge).
    struct Shape {
        var keys: [String] = []
        var children: [String: Shape] = [:]

        init(_ fields: [ClientFieldPlan]) {
            var selections: [String: [ClientFieldPlan]] = [:]
            for field in fields {
                if selections[field.responseKey] == nil { keys.append(field.responseKey) }
                selections[field.responseKey, default: []] += field.selections + field.typeCases.flatMap(\.selections)
            }
            for (key, fields) in selections { children[key] = Shape(fields) }
        }
    }

    static func text(_ data: [String: JSONValue], fields: [ClientFieldPlan]) -> String {
        var text = ""
        write(.object(data), shape: Shape(fields), indent: "", into: &text)
        return text
    }

    /// The same JSON on one line, without spaces (one subscription event a line).
    static func line(_ data: [String: JSONValue], fields: [ClientFieldPlan]) -> String {
        var text = ""
        write(.object(data), shape: Shape(fields), indent: nil, into: &text)
        return text
    }

    /// Writes `value`; `indent` is the current line's indentation, `nil` for one line.
    private static func write(_ value: JSONValue, shape: Shape, indent: String?, into text: inout String) {
        let inner = indent.map { $0 + "  " }
        let newline = { (indent: String?) in indent.map { "\n" + $0 } ?? "" }
        switch value {
        case .object(let members) where !shape.keys.isEmpty:
            let keys = shape.keys.filter { members[$0] != nil }
            guard !keys.isEmpty else { text += "{}"; return }
            text += "{"
            for (index, key) in keys.enumerated() {
                text += newline(inner) + JSONWriter.string(.string(key)) + (inner == nil ? ":" : ": ")
                write(members[key] ?? .null, shape: shape.children[key] ?? Shape([]), indent: inner, into: &text)
                if index < keys.count - 1 { text += "," }
            }
            text += newline(indent) + "}"
        case .array(let elements) where !elements.isEmpty:
            text += "["
            for (index, element) in elements.enumerated() {
                text += newline(inner)
                write(element, shape: shape, indent: inner, into: &text)
                if index < elements.count - 1 { text += "," }
            }
            text += newline(indent) + "]"
        default:
            text += JSONWriter.string(value, sortedKeys: true)
        }
    }
}
