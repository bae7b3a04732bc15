import Domain
import Testing

@Suite("LaunchID", .timeLimit(.minutes(5)))
struct LaunchIDTests {
    @Test func acceptsServerStyleIDs() throws {
        #expect(try LaunchID("25").rawValue == "25")
        #expect(try LaunchID("abc-123").rawValue == "abc-123")
    }

    @Test(arguments: [
        ("", DomainError.Reason.empty),
        ("2 5", .invalidCharacters),
        ("25\u{7}", .invalidCharacters),
        ("２５", .invalidCharacters),
        (String(repeating: "9", count: 65), .tooLong),
    ])
    func rejectsMalformedIDs(_ raw: String, reason: DomainError.Reason) {
        #expect(throws: DomainError.invalidLaunchID(reason: reason)) { try LaunchID(raw) }
    }

    @Test func sortsNumericIDsNumerically() throws {
        let ids = try ["10", "9", "100", "1"].map { try LaunchID($0) }
        #expect(ids.sorted().map(\.rawValue) == ["1", "9", "10", "100"])
    }
}
