/// A value given to the app core that breaks a rule of the domain.
public enum DomainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why an input was rejected.
    public enum Reason: String, Sendable {
        case empty = "it is empty"
        case tooLong = "it is too long"
        case invalidCharacters = "it contains spaces, control or non-ASCII characters"
        case notAnAddress = "it is not of the form name@example.com"
        case outOfRange = "it is out of range"
    }

    /// A launch id that cannot be sent to the server.
    case invalidLaunchID(reason: Reason)
    /// An email address that is not `something@something.tld`.
    case invalidEmail(reason: Reason)
    /// A page size outside 1...``LaunchPageRequest/maximumPageSize``.
    case invalidPageSize(Int)
    /// A page cursor that cannot have come from the server.
    case invalidCursor(reason: Reason)

    public var description: String {
        switch self {
        case .invalidLaunchID(let reason): "That is not a valid launch id: \(reason.rawValue)."
        case .invalidEmail(let reason): "That is not a valid email address: \(reason.rawValue)."
        case .invalidPageSize(let size):
            "The page size must be between 1 and \(LaunchPageRequest.maximumPageSize), not \(size)."
        case .invalidCursor(let reason): "That is not a valid page cursor: \(reason.rawValue)."
        }
    }
}
