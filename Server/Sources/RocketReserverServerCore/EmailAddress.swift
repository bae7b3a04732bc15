/// Validation of login emails: `something@something.tld`.
enum EmailAddress {
    /// Whether a string looks like an email address: one `@`, a non-empty local part, a domain
    /// of non-empty dot-separated labels whose last label (the TLD) has at least two letters,
    /// and no whitespace or control characters anywhere.
    static func isValid(_ text: String) -> Bool {
        guard text.utf8.count <= 254,
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0 == "\u{7F}" })
        else {
            return false
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            return false
        }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let tld = labels.last else {
            return false
        }
        return tld.count >= 2 && tld.allSatisfy(\.isLetter)
    }
}
