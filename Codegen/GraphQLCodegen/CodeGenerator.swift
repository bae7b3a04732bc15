import GraphQLLanguage
import GraphQLValidation

/// One generated Swift file.
public struct GeneratedFile: Sendable, Equatable {
    /// The file name, e.g. `LaunchDetails.graphql.swift`.
    public let name: String
    public let contents: String
}

/// Generates typed Swift from `.graphql` documents and a schema: one file per document
/// (its operations and fragments) plus `SchemaTypes.graphql.swift` (enums, input objects).
public enum CodeGenerator {
    /// The name of the file with the schema's enums and input objects.
    public static let schemaTypesFileName = "SchemaTypes.graphql.swift"

    /// The generated file name for a `.graphql` file: `Ops/LaunchList.graphql` → `LaunchList.graphql.swift`.
    public static func outputFileName(forSource path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return (base.hasSuffix(".graphql") ? String(base.dropLast(".graphql".count)) : base) + ".graphql.swift"
    }

    /// The generated files, or every problem found (syntax, validation, unsupported constructs).
    public static func generate(
        sources: [(name: String, text: String)], schema: Schema, configuration: CodegenConfiguration = CodegenConfiguration()
    ) -> Result<[GeneratedFile], GraphQLDiagnosticList> {
        generateWithManifest(sources: sources, schema: schema, configuration: configuration).map(\.files)
    }

    /// The generated files and the persisted query manifest of their operations, or every problem found.
    public static func generateWithManifest(
        sources: [(name: String, text: String)], schema: Schema, configuration: CodegenConfiguration = CodegenConfiguration()
    ) -> Result<(files: [GeneratedFile], manifest: PersistedQueryManifest), GraphQLDiagnosticList> {
        var documents: [Document] = []
        var diagnostics: [GraphQLDiagnostic] = []
        for source in sources {
            do { documents.append(try Parser.parse(source.text, sourceName: source.name)) } catch { diagnostics.append(error) }
        }
        var names: [String: String] = [:]
        for source in sources {
            let output = outputFileName(forSource: source.name)
            if let other = names[output] {
                diagnostics.append(
                    GraphQLDiagnostic(
                        sourceName: source.name, location: SourceLocation(line: 1, column: 1),
                        message: "Another file has the same name (\(other)); generated files are named after their source file."
                    )
                )
            }
            names[output] = source.name
        }
        if diagnostics.isEmpty { diagnostics = Validator.validate(documents, against: schema) }
        guard diagnostics.isEmpty else { return .failure(GraphQLDiagnosticList(diagnostics: diagnostics)) }
        var generator = DocumentGenerator(schema: schema, configuration: configuration, documents: documents)
        let documentFiles = documents.map { generator.file(for: $0) }
        let files = documentFiles + [generator.schemaTypesFile()]
        guard generator.diagnostics.isEmpty else { return .failure(GraphQLDiagnosticList(diagnostics: generator.diagnostics)) }
        return .success((files, PersistedQueryManifest(operations: generator.persistedOperations)))
    }
}
