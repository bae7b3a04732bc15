import CommandLineKit
import Ports

/// `rocket-reserver query FILE [--var NAME=VALUE]… [--operation NAME] [--schema FILE] [--force-reload] [--json --incremental]`.
public struct QueryCommand: Equatable, Sendable {
    /// The `.graphql` file, as given.
    public var file: String
    public var operationName: String?
    public var variables: [GraphQLDocumentVariable]
    /// A local `.graphqls` schema to validate against instead of the endpoint's.
    public var schemaFile: String?
    public var forceReload: Bool
    /// `--incremental` (with `--json`): the answer's parts as they arrive, one line of JSON each.
    public var incremental: Bool

    public init(
        file: String, operationName: String? = nil, variables: [GraphQLDocumentVariable] = [], schemaFile: String? = nil, forceReload: Bool = false,
        incremental: Bool = false
    ) {
        self.file = file
        self.operationName = operationName
        self.variables = variables
        self.schemaFile = schemaFile
        self.forceReload = forceReload
        self.incremental = incremental
    }

    /// Splits `NAME=VALUE` at the first `=`; the name must be a GraphQL name.
    static func variable(_ text: String) throws(UsageError) -> GraphQLDocumentVariable {
        guard let equals = text.firstIndex(of: "="), !text[..<equals].isEmpty else {
            throw UsageError("A \(CommandOptions.variable.name) must be NAME=VALUE, not \"\(EchoedText.quoted(text))\".", command: .query)
        }
        let name = String(text[..<equals]).hasPrefix("$") ? String(text[..<equals].dropFirst()) : String(text[..<equals])
        let isName = name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard isName else {
            throw UsageError("\"\(EchoedText.quoted(name))\" is not a variable name (letters, digits and _).", command: .query)
        }
        return GraphQLDocumentVariable(name: name, value: String(text[text.index(after: equals)...]))
    }
}
