/// An environment variable the tool reads.
public struct EnvironmentSpec: Sendable {
    public var name: String
    /// One line, without a full stop.
    public var summary: String

    public init(name: String, summary: String) { (self.name, self.summary) = (name, summary) }
}
