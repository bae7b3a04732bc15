/// A lexical or grammatical error in a GraphQL source, reported as `file:line:column: error: message`.
public struct GraphQLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
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
