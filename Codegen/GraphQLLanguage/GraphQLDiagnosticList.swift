/// Why a document could not be used (generated, planned): compiler-style diagnostics, one per line.
public struct GraphQLDiagnosticList: Error, Sendable, Equatable, CustomStringConvertible {
    public let diagnostics: [GraphQLDiagnostic]

    public init(diagnostics: [GraphQLDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
