import Domain
import Testing

@Suite("LaunchPageRequest", .timeLimit(.minutes(5)))
struct LaunchPageRequestTests {
    @Test func acceptsSizesInRangeAndNone() throws {
        #expect(try LaunchPageRequest(pageSize: 1).pageSize == 1)
        #expect(try LaunchPageRequest(pageSize: LaunchPageRequest.maximumPageSize).pageSize == 1_000)
        #expect(try LaunchPageRequest().pageSize == nil)
    }

    @Test(arguments: [0, -1, 1_001, Int.max])
    func rejectsSizesOutOfRange(_ size: Int) {
        #expect(throws: DomainError.invalidPageSize(size)) { try LaunchPageRequest(pageSize: size) }
    }
}

@Suite("LaunchPageRequest cursor", .timeLimit(.minutes(5)))
struct LaunchPageRequestCursorTests {
    @Test func acceptsAnOpaqueCursor() throws {
        #expect(try LaunchPageRequest(after: "MTIzNDU2Nzg5MA==").after == "MTIzNDU2Nzg5MA==")
    }

    @Test(arguments: [
        ("", DomainError.Reason.empty),
        ("a b", .invalidCharacters),
        ("ü", .invalidCharacters),
        (String(repeating: "x", count: 1_025), .tooLong),
    ])
    func rejectsCursorsTheServerCannotHaveSent(_ cursor: String, reason: DomainError.Reason) {
        #expect(throws: DomainError.invalidCursor(reason: reason)) { try LaunchPageRequest(after: cursor) }
    }
}
