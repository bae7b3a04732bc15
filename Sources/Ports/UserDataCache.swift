/// What is cached on this machine for the users of one endpoint, so that logging out (or in as
/// someone else) can forget it.
public protocol UserDataCache: Sendable {
    /// Removes everything cached for any user of the endpoint: data, temporary and lock files.
    /// - Throws: ``UserDataCacheError`` naming what could not be removed.
    func removeAll() async throws(UserDataCacheError)
}

/// Cached user data that could not be removed.
public struct UserDataCacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What could not be removed and why, for example `the cache file … could not be removed (…)`.
    public var detail: String

    public init(_ detail: String) {
        self.detail = detail
    }

    /// The detail, for logs and test failures; a front end words it for its users.
    public var description: String { "UserDataCacheError(\(detail))" }
}
