import GraphQLLanguage
import GraphQLPlanning
import JSON

/// The document the client sends for a planned operation: the text `GraphQLOperation` renders
/// from the generated selections at run time (GraphQLDocuments' `DocumentRenderer`), character
/// for character, so a persisted query manifest lists exactly what goes on the wire.
///
/// The same rules as there: one line; `__typename` first in every object's selection that
/// lacks it; each type case as one inline fragment per object type, sorted; literals as JSON
/// with bare, sorted object keys. `PersistedQueryManifestTests` checks the two agree for every
/// operation the tutorial's API generates.
enum ClientDocumentText {
    static func render(keyword: String, name: String, variables: [(name: String, type: String)], fields: [ClientFieldPlan]) -> String {
        var text = name.isEmpty ? keyword : keyword + " " + name
        if !variables.isEmpty {
            text += "(" + variables.map { "$\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        }
        text += " "
        append(fields, addingTypename: false, typeCases: [], to: &text)
        return text
    }

    /// `addingTypename` writes `__typename` first unless the selection has it (unaliased), as
    /// the client's object fields and type cases do.
    private static func append(_ fields: [ClientFieldPlan], addingTypename: Bool, typeCases: [ClientTypeCasePlan], to text: inout String) {
        text += "{"
        if addingTypename, !fields.contains(where: { $0.name == "__typename" && $0.alias == nil }) { text += " __typename" }
        appendFields(fields.filter { $0.deferral == nil }, to: &text)
        var deferrals: [ClientDeferralPlan] = []
        for field in fields { if let deferral = field.deferral, !deferrals.contains(deferral) { deferrals.append(deferral) } }
        for deferral in deferrals {
            var arguments: [String] = []
            if let label = deferral.label { arguments.append("label: " + JSONWriter.string(.string(label))) }
            if let condition = deferral.condition { arguments.append("if: " + render(condition)) }
            text += " ... @defer" + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")") + " {"
            appendFields(fields.filter { $0.deferral == deferral }, to: &text)
            text += " }"
        }
        for typeCase in typeCases {
            for typename in typeCase.possibleTypes.sorted() {
                text += " ... on \(typename) "
                append(typeCase.selections, addingTypename: true, typeCases: [], to: &text)
            }
        }
        text += " }"
    }

    private static func appendFields(_ fields: [ClientFieldPlan], to text: inout String) {
        for field in fields {
            text += " "
            if let alias = field.alias { text += alias + ": " }
            text += field.name
            if !field.arguments.isEmpty {
                text += "(" + field.arguments.map { "\($0.name): \(render($0.value))" }.joined(separator: ", ") + ")"
            }
            for condition in field.conditions { text += " @\(condition.isInclude ? "include" : "skip")(if: \(render(condition.value)))" }
            let isObject = !field.selections.isEmpty || !field.typeCases.isEmpty
            if isObject {
                text += " "
                append(field.selections, addingTypename: true, typeCases: field.typeCases, to: &text)
            }
        }
    }

    private static func render(_ value: ClientInputPlan) -> String {
        switch value {
        case .variable(let name): "$" + name
        case .enumValue(let name): name
        case .literal(let literal): render(json(literal))
        case .list(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\($0.name): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    private static func render(_ value: JSONValue) -> String {
        switch value {
        case .array(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { "\($0): \(render(members[$0] ?? .null))" }.joined(separator: ", ") + "}"
        default: JSONWriter.string(value)
        }
    }

    /// A literal as the generated `JSONValue` holds it.
    private static func json(_ literal: ClientLiteral) -> JSONValue {
        switch literal {
        case .int(let number): .int(number)
        case .float(let text): .double(Double(text) ?? .nan)
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        case .null: .null
        case .list(let elements): .array(elements.map(json))
        case .object(let members): .object(Dictionary(members.map { ($0.name, json($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
