/// One problem found in a GraphQL source, reported like a compiler does:
/// `path/LaunchDetails.graphql:3:7: error: Cannot query field "nmae" on type "Mission".`
///
/// The one diagnostic type of the GraphQL targets: the lexer and parser throw it for a lexical
/// or grammatical error, validation and the planner report it for a document that does not fit.
public struct GraphQLDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name the source was given, usually its path.
    public let sourceName: String
    public let location: SourceLocation
    public let message: String

    public init(sourceName: String, location: SourceLocation, message: String) {
        self.sourceName = sourceName
        self.location = location
        self.message = message
    }

    public var description: String { "\(sourceName):\(location): error: \(message)" }
}
