import Domain
import Testing

@Suite("EmailAddress", .timeLimit(.minutes(5)))
struct EmailAddressTests {
    @Test(arguments: ["me@example.com", "a.b+c@sub.example.org", "x@y.io"])
    func acceptsWellFormedAddresses(_ raw: String) throws {
        #expect(try EmailAddress(raw).rawValue == raw)
    }

    @Test(arguments: [
        ("", DomainError.Reason.empty),
        ("me", .notAnAddress),
        ("me@", .notAnAddress),
        ("@example.com", .notAnAddress),
        ("me@example", .notAnAddress),
        ("me@example.c", .notAnAddress),
        ("me@@example.com", .notAnAddress),
        ("me@example..com", .notAnAddress),
        ("me@example.c0m", .notAnAddress),
        ("me @example.com", .invalidCharacters),
        ("mé@example.com", .invalidCharacters),
        ("me@example.com\n", .invalidCharacters),
    ])
    func rejectsMalformedAddresses(_ raw: String, reason: DomainError.Reason) {
        #expect(throws: DomainError.invalidEmail(reason: reason)) { try EmailAddress(raw) }
    }

    @Test func rejectsOverlongAddresses() {
        let raw = String(repeating: "a", count: 100_000) + "@example.com"
        #expect(throws: DomainError.invalidEmail(reason: .tooLong)) { try EmailAddress(raw) }
    }
}
