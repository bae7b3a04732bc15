/// A launch as it appears in a list: which mission flies from which site.
public struct Launch: Hashable, Sendable, Identifiable {
    public var id: LaunchID
    /// The launch site's name, if known.
    public var site: String?
    /// The mission, if known.
    public var mission: Mission?

    public init(id: LaunchID, site: String?, mission: Mission?) {
        self.id = id
        self.site = site
        self.mission = mission
    }
}
