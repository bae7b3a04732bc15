import GraphQLLanguage
import GraphQLValidation

/// Writes a merged selection as the client's `GraphQLField` values, so the generated
/// operation runs through today's interceptor chain and normalized cache.
struct ClientSelectionWriter {
    let sourceName: String
    var diagnostics: [GraphQLDiagnostic] = []

    mutating func fields(_ selection: MergedSelection) -> [String] {
        selection.fields.map { field in
            var parts = [SwiftNames.literal(field.name)]
            if let alias = field.alias { parts.append("alias: " + SwiftNames.literal(alias)) }
            if !field.arguments.isEmpty {
                let arguments = field.arguments.map { "\(SwiftNames.literal($0.name.value)): \(inputValue($0.value))" }
                parts.append("arguments: [" + arguments.joined(separator: ", ") + "]")
            }
            if let child = field.selection { parts.append("[" + fields(child).joined(separator: ", ") + "]") }
            return "GraphQLField(" + parts.joined(separator: ", ") + ")"
        }
    }

    private mutating func inputValue(_ value: Value) -> String {
        switch value.kind {
        case .variable(let name): return ".variable(\(SwiftNames.literal(name)))"
        case .enumValue(let name): return ".enumValue(\(SwiftNames.literal(name)))"
        case .list(let values): return ".list([" + values.map { inputValue($0) }.joined(separator: ", ") + "])"
        default:
            if !value.variableNames.isEmpty {
                diagnostics.append(
                    GraphQLDiagnostic(
                        sourceName: sourceName, location: value.location,
                        message: "An object value containing variables is not supported by the code generator yet."
                    )
                )
            }
            return ".literal(" + json(value) + ")"
        }
    }

    /// A literal as a `JSONValue` expression (enum values inside objects become strings).
    private func json(_ value: Value) -> String {
        switch value.kind {
        case .int(let text): Int(text).map { ".int(\($0))" } ?? ".double(\(text))"
        case .float(let text): ".double(\(text))"
        case .string(let text, _): ".string(\(SwiftNames.literal(text)))"
        case .boolean(let flag): ".bool(\(flag))"
        case .null, .variable: ".null"
        case .enumValue(let name): ".string(\(SwiftNames.literal(name)))"
        case .list(let values): ".array([" + values.map(json).joined(separator: ", ") + "])"
        case .object(let fields):
            fields.isEmpty ? ".object([:])" : ".object([" + fields.map { "\(SwiftNames.literal($0.name.value)): \(json($0.value))" }.joined(separator: ", ") + "])"
        }
    }
}
