/// The credential the server issues on login, sent back with each request.
///
/// Its `description` is redacted so that it cannot reach output or logs by accident;
/// only adapters that must send or store it read ``rawValue``.
public struct AuthToken: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The token exactly as the server issued it.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The longest token accepted from a server, in bytes.
    public static let maximumLength = 16 * 1024

    /// Whether the token can be stored and sent back in a header: 1 to ``maximumLength`` bytes
    /// of visible ASCII (`!` through `~`), so no space, control character or other encoding.
    public var isWellFormed: Bool {
        let bytes = rawValue.utf8
        return !bytes.isEmpty && bytes.count <= Self.maximumLength && bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }

    public var description: String { "<redacted token>" }
    public var debugDescription: String { description }
}
