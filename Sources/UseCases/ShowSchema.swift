import Ports

/// Gives the endpoint's schema as SDL, rebuilt from a fresh introspection.
public struct ShowSchema: Sendable {
    private let runner: any GraphQLDocumentRunner

    public init(runner: any GraphQLDocumentRunner) {
        self.runner = runner
    }

    public func callAsFunction() async throws -> String {
        try await runner.schemaDefinition()
    }
}
