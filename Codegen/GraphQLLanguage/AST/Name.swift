/// A name as written in a document, with where it was written.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    public let value: String
    public let location: SourceLocation

    public init(_ value: String, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var description: String { value }
}
