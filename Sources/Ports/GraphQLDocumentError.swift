/// Why a document was not run: it, its schema or its variables do not fit. Nothing was sent.
public enum GraphQLDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
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
    /// A variable was given a value more than once.
    case repeatedVariable(name: String)
    /// A required variable (non-null, no default) was not given.
    case missingVariable(name: String, type: String)
    /// A value was given for a variable the operation does not declare.
    case unknownVariable(String)
    /// The endpoint's introspection answer could not be turned into a schema.
    case unusableSchema(String)

    /// The case and its data, for logs and test failures; the CLI's `FailureMessage` words it for users.
    public var description: String {
        switch self {
        case let .invalidDocument(name, diagnostics): "invalidDocument(name: \(name), diagnostics: \(diagnostics))"
        case .invalidSchema(let diagnostic): "invalidSchema(\(diagnostic))"
        case .operationNotChosen(let available): "operationNotChosen(available: \(available))"
        case let .unknownOperation(name, available): "unknownOperation(\(name), available: \(available))"
        case let .invalidVariable(name, problem): "invalidVariable(name: \(name), problem: \(problem))"
        case .repeatedVariable(let name): "repeatedVariable(name: \(name))"
        case let .missingVariable(name, type): "missingVariable(name: \(name), type: \(type))"
        case .unknownVariable(let name): "unknownVariable(\(name))"
        case .unusableSchema(let reason): "unusableSchema(\(reason))"
        }
    }
}
