/// Why a document was not run: it, its schema or its variables do not fit. Nothing was sent.
public enum GraphQLConsoleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document does not parse or validate: compiler-style lines, `file:line:column: error: message`.
    case invalidDocument(name: String, diagnostics: [String])
    /// The local schema file does not parse: one `file:line:column: error: message` line.
    case invalidSchema(String)
    /// The document has several operations and none was chosen.
    case operationNotChosen(available: [String])
    /// No operation has the name asked for.
    case unknownOperation(String, available: [String])
    /// A variable's value does not fit its declared type.
    case invalidVariable(name: String, problem: String)
    /// A required variable (non-null, no default) was not given.
    case missingVariable(name: String, type: String)
    /// A value was given for a variable the operation does not declare.
    case unknownVariable(String)
    /// The endpoint's introspection answer could not be turned into a schema.
    case unusableSchema(String)

    public var description: String {
        switch self {
        case let .invalidDocument(name, diagnostics):
            "\(name) has \(diagnostics.count == 1 ? "an error" : "\(diagnostics.count) errors"); nothing was sent:\n"
                + (diagnostics.prefix(20) + (diagnostics.count > 20 ? ["… and \(diagnostics.count - 20) more."] : [])).joined(separator: "\n")
        case .invalidSchema(let diagnostic): "The schema file is not valid SDL:\n" + diagnostic
        case .operationNotChosen(let available):
            "The document has several operations (\(available.joined(separator: ", "))); choose one with --operation."
        case let .unknownOperation(name, available):
            "The document has no operation named \"\(name)\"" + (available.isEmpty ? "." : " (it has \(available.joined(separator: ", "))).")
        case let .invalidVariable(name, problem): "The variable $\(name) \(problem)."
        case let .missingVariable(name, type): "The variable $\(name) (\(type)) is required; give it with --var \(name)=VALUE."
        case .unknownVariable(let name): "The operation declares no variable $\(name)."
        case .unusableSchema(let reason): "The endpoint's schema could not be rebuilt from its introspection answer: \(reason)."
        }
    }
}
