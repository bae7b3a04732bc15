/// What is cached on this machine for the current user, so that logging out can forget it.
public protocol UserDataCache: Sendable {
    /// Removes everything cached for the current user.
    func removeAll() async throws
}
