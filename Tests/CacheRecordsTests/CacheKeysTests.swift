import CacheRecords
import JSON
import Testing

/// Identity keys: `Type:id` only for a GraphQL type name and a string or integer id, with the
/// id's `.` and `%` escaped so that no id spells a path key.
@Suite(.timeLimit(.minutes(1)))
struct CacheKeysTests {
    @Test func anObjectIsKeyedByItsTypeAndId() {
        #expect(CacheKeys.key(for: ["__typename": "Launch", "id": "25"]) == "Launch:25")
        #expect(CacheKeys.key(for: ["__typename": "Launch", "id": 25]) == "Launch:25")
    }

    @Test(arguments: [
        ["id": "25"] as [String: JSONValue], ["__typename": "Launch"], ["__typename": "Launch", "id": 2.5],
        ["__typename": "Launch.x", "id": "1"], ["__typename": "A:B", "id": "1"], ["__typename": 7, "id": "1"],
    ])
    func anObjectWithoutANameAndAnIdHasNoKey(_ object: [String: JSONValue]) {
        #expect(CacheKeys.key(for: object) == nil)
    }

    @Test func anIdNeverSpellsAPath() {
        #expect(CacheKeys.key(typename: "Launch", id: "5.mission") == "Launch:5%2Emission")
        #expect(CacheKeys.key(typename: "Launch", id: "5%2Emission") == "Launch:5%252Emission")
        #expect(!CacheKeys.key(typename: "Launch", id: "a.b.c").contains("."))
    }
}
