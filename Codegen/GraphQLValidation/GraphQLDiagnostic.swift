import GraphQLLanguage

/// One problem found in a GraphQL document, reported like a compiler does:
/// `path/LaunchDetails.graphql:3:7: error: Cannot query field "nmae" on type "Mission".`
public struct GraphQLDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public let sourceName: String
    public let location: SourceLocation
    public let message: String

    public init(sourceName: String, location: SourceLocation, message: String) {
        self.sourceName = sourceName
        self.location = location
        self.message = message
    }

    /// A syntax error as a diagnostic.
    public init(_ error: GraphQLSyntaxError) {
        self.init(sourceName: error.sourceName, location: error.location, message: error.message)
    }

    public var description: String { "\(sourceName):\(location): error: \(message)" }
}
