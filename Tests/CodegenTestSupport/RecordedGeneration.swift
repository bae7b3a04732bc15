import GraphQLCodegen
import GraphQLLanguage
import TestSupport

/// The generator as these tests call it: ``CodeGenerator/generate(sources:schema:configuration:)``,
/// and each successful generation with the default configuration recorded with its schema
/// (``GeneratedDocumentRecorder``, only when the compile round trip asks), so that
/// `GeneratedCodeCompilesTests` type-checks the Swift of every valid document the tests generate.
/// (A custom configuration names Swift types of the test's own, which no module declares.)
public enum RecordedGeneration {
    public static func generate(
        sources: [(name: String, text: String)], schema: Schema, configuration: CodegenConfiguration = CodegenConfiguration()
    ) -> Result<[GeneratedFile], GraphQLDiagnosticList> {
        let result = CodeGenerator.generate(sources: sources, schema: schema, configuration: configuration)
        if case .success = result, !sources.isEmpty, configuration == CodegenConfiguration() {
            GeneratedDocumentRecorder.record(schema: { SchemaPrinter.print(schema) }, sources: sources)
        }
        return result
    }
}
