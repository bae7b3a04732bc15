/// Prints executable definitions back as GraphQL text on one line, normalised (one space
/// between tokens, no commas or comments), as sent to a server.
public enum DocumentPrinter {
    public static func print(_ operation: OperationDefinition) -> String {
        var text = operation.kind.rawValue
        if let name = operation.name { text += " " + name.value }
        if !operation.variableDefinitions.isEmpty {
            text += "(" + operation.variableDefinitions.map(print).joined(separator: ", ") + ")"
        }
        text += print(operation.directives)
        return text + " " + print(operation.selectionSet)
    }

    public static func print(_ fragment: FragmentDefinition) -> String {
        "fragment \(fragment.name.value) on \(fragment.typeCondition.value)\(print(fragment.directives)) \(print(fragment.selectionSet))"
    }

    public static func print(_ selectionSet: SelectionSet) -> String {
        "{ " + selectionSet.selections.map(print).joined(separator: " ") + " }"
    }

    private static func print(_ variable: VariableDefinition) -> String {
        var text = "$\(variable.variable.value): \(variable.type)"
        if let defaultValue = variable.defaultValue { text += " = \(defaultValue)" }
        return text + print(variable.directives)
    }

    private static func print(_ selection: Selection) -> String {
        switch selection {
        case .field(let field):
            var text = field.alias.map { $0.value + ": " } ?? ""
            text += field.name.value + print(field.arguments) + print(field.directives)
            if let selectionSet = field.selectionSet { text += " " + print(selectionSet) }
            return text
        case .fragmentSpread(let spread):
            return "..." + spread.name.value + print(spread.directives)
        case .inlineFragment(let fragment):
            let condition = fragment.typeCondition.map { " on " + $0.value } ?? ""
            return "..." + condition + print(fragment.directives) + " " + print(fragment.selectionSet)
        }
    }

    private static func print(_ arguments: [Argument]) -> String {
        arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name.value): \($0.value)" }.joined(separator: ", ") + ")"
    }

    private static func print(_ directives: [Directive]) -> String {
        directives.map { " @" + $0.name.value + print($0.arguments) }.joined()
    }
}
