/// An email address in the shape `something@something.tld`, checked locally before any request.
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The longest address accepted (RFC 5321's path limit).
    public static let maximumLength = 254

    /// The address as typed, without surrounding whitespace.
    public let rawValue: String

    /// Creates an address after checking its shape: one `@`, a non-empty local part, and a
    /// domain with at least one dot and a top-level label of two or more letters.
    public init(_ rawValue: String) throws(DomainError) {
        guard !rawValue.isEmpty, rawValue.utf8.count <= Self.maximumLength else {
            throw .invalidEmail(reason: rawValue.isEmpty ? .empty : .tooLong)
        }
        guard rawValue.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .invalidEmail(reason: .invalidCharacters)
        }
        let parts = rawValue.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty else {
            throw .invalidEmail(reason: .notAnAddress)
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }),
              let tld = labels.last, tld.count >= 2, tld.allSatisfy({ $0.isLetter })
        else { throw .invalidEmail(reason: .notAnAddress) }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
