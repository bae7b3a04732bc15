/// A value given to the app core that breaks a rule of the domain.
public enum DomainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why an input was rejected.
    public enum Reason: Sendable {
        case empty
        case tooLong
        /// Spaces, control or non-ASCII characters.
        case invalidCharacters
        /// Not of the form `name@example.com`.
        case notAnAddress
        case outOfRange
    }

    /// A launch id that cannot be sent to the server.
    case invalidLaunchID(reason: Reason)
    /// An email address that is not `something@something.tld`.
    case invalidEmail(reason: Reason)
    /// A page size outside 1...``LaunchPageRequest/maximumPageSize``.
    case invalidPageSize(Int)
    /// A page cursor that cannot have come from the server.
    case invalidCursor(reason: Reason)

    /// The case and its data, for logs and test failures; a front end words it for users.
    public var description: String {
        switch self {
        case .invalidLaunchID(let reason): "invalidLaunchID(reason: \(reason))"
        case .invalidEmail(let reason): "invalidEmail(reason: \(reason))"
        case .invalidPageSize(let size): "invalidPageSize(\(size))"
        case .invalidCursor(let reason): "invalidCursor(reason: \(reason))"
        }
    }
}
