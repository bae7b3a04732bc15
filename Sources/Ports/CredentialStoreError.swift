/// Why the credential store could not do what was asked: the case, and the store's own
/// account of the cause (a path, the system's reason). A front end words it for its users.
public enum CredentialStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Something is stored but cannot be read or understood (corrupt, truncated, unreadable).
    case unreadable(String)
    /// The credential could not be written.
    case unwritable(String)
    /// The stored credential could not be removed; the detail says whether its content was erased.
    case unremovable(String)
    /// The stored file is readable by others and could not be made private again.
    case insecurePermissions(String)

    /// The case and its detail, for logs and test failures.
    public var description: String {
        switch self {
        case .unreadable(let detail): "unreadable(\(detail))"
        case .unwritable(let detail): "unwritable(\(detail))"
        case .unremovable(let detail): "unremovable(\(detail))"
        case .insecurePermissions(let detail): "insecurePermissions(\(detail))"
        }
    }
}
