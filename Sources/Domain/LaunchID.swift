/// The identifier of a launch, as the server issues it (for example `"25"`).
///
/// Validated on creation so that a malformed id never reaches the network:
/// it must be 1 to 64 printable ASCII characters with no whitespace.
public struct LaunchID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The longest id accepted.
    public static let maximumLength = 64

    /// The id as the server spells it.
    public let rawValue: String

    /// Creates an id after checking it is well formed.
    public init(_ rawValue: String) throws(DomainError) {
        guard !rawValue.isEmpty else { throw .invalidLaunchID(reason: .empty) }
        guard rawValue.utf8.count <= Self.maximumLength else { throw .invalidLaunchID(reason: .tooLong) }
        guard rawValue.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .invalidLaunchID(reason: .invalidCharacters)
        }
        self.rawValue = rawValue
    }

    /// Creates an id from a value the server sent, without validation.
    public init(trusted rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: LaunchID, rhs: LaunchID) -> Bool {
        // Numeric ids sort numerically ("9" before "10"); others lexically.
        switch (Int(lhs.rawValue), Int(rhs.rawValue)) {
        case let (l?, r?): l < r
        default: lhs.rawValue < rhs.rawValue
        }
    }
}
