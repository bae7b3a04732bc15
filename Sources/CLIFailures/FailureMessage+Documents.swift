import CLIArguments
import Ports

extension FailureMessage {
    /// What the user reads when a document, its schema or its variables do not fit.
    package static func text(for error: GraphQLDocumentError) -> String {
        switch error {
        case let .invalidDocument(name, diagnostics):
            "\(name) has \(diagnostics.count == 1 ? "an error" : "\(diagnostics.count) errors"); nothing was sent:\n"
                + (diagnostics.prefix(20) + (diagnostics.count > 20 ? ["… and \(diagnostics.count - 20) more."] : [])).joined(separator: "\n")
        case .invalidSchema(let diagnostic): "The schema file is not valid SDL:\n" + diagnostic
        case .operationNotChosen(let available):
            "The document has several operations (\(available.joined(separator: ", "))); choose one with \(CommandOptions.operation.name)."
        case let .unknownOperation(name, available):
            "The document has no operation named \"\(name)\"" + (available.isEmpty ? "." : " (it has \(available.joined(separator: ", "))).")
        case let .invalidVariable(name, problem): "The variable $\(name) \(problem)."
        case .repeatedVariable(let name): "The variable $\(name) is given more than once."
        case let .missingVariable(name, type): "The variable $\(name) (\(type)) is required; give it with \(CommandOptions.variable.name) \(name)=VALUE."
        case .unknownVariable(let name): "The operation declares no variable $\(name)."
        case .unusableSchema(let reason): "The endpoint's schema could not be rebuilt from its introspection answer: \(reason)."
        }
    }
}
