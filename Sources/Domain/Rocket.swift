/// The rocket that flies a launch.
public struct Rocket: Hashable, Sendable {
    /// The rocket's id (for example `"falcon9"`).
    public var id: String
    /// The rocket's name (for example `"Falcon 9"`).
    public var name: String?
    /// The rocket's type (for example `"FT"`).
    public var type: String?

    public init(id: String, name: String?, type: String?) {
        self.id = id
        self.name = name
        self.type = type
    }
}
