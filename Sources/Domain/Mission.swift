/// The mission a launch flies: its name and the URL of its patch image.
public struct Mission: Hashable, Sendable {
    /// The mission's name, if the server knows it.
    public var name: String?
    /// The URL of the mission patch (small in lists, large in details), if any.
    public var missionPatch: String?

    public init(name: String?, missionPatch: String?) {
        self.name = name
        self.missionPatch = missionPatch
    }
}
