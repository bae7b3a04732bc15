/// Why the credential store could not do what was asked.
public enum CredentialStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Something is stored but cannot be read or understood (corrupt, truncated, unreadable).
    case unreadable(String)
    /// The credential could not be written.
    case unwritable(String)
    /// The stored credential could not be removed; the detail says whether its content was erased.
    case unremovable(String)
    /// The stored file is readable by others and could not be made private again.
    case insecurePermissions(String)

    public var description: String {
        switch self {
        case .unreadable(let detail): "The stored login could not be read (\(detail))."
        case .unwritable(let detail): "The login could not be saved (\(detail))."
        case .unremovable(let detail): "The stored login could not be removed (\(detail))."
        case .insecurePermissions(let detail): "The stored login is not private (\(detail))."
        }
    }
}
