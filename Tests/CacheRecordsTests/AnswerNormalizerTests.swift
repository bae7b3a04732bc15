import CacheRecords
import GraphQLClient
import JSON
import Testing

/// An answer split into records: identified objects under `Type:id`, others under their path,
/// a mutation's root never kept, and an object claiming an identity that is not its refused.
@Suite(.timeLimit(.minutes(1)))
struct AnswerNormalizerTests {
    static let launch = GraphQLField("launch", arguments: ["id": .variable("id")], ["id", "site", GraphQLField("mission", ["name"])], possibleTypes: ["Launch"])
    static let query = GraphQLOperation(.query, name: "Launch", variables: ["id": "ID!"], selections: [launch])
    static let answer: [String: JSONValue] = [
        "launch": ["__typename": "Launch", "id": "25", "site": "KSC", "mission": ["__typename": "Mission", "name": "Starlink"]],
    ]

    @Test func identifiedObjectsAreKeyedByIdentityOthersByPath() throws {
        let records = try AnswerNormalizer.records(Self.answer, for: Self.query, variables: ["id": "25"])
        #expect(records[CacheKeys.queryRoot] == [#"launch({"id":"25"})"#: .reference("Launch:25")])
        #expect(records["Launch:25"]?["mission"] == .reference("Launch:25.mission"))
        #expect(records["Launch:25.mission"] == ["__typename": .scalar("Mission"), "name": .scalar("Starlink")])
        #expect(records.count == 3)
    }

    @Test func aMutationKeepsItsObjectsButNotItsRoot() throws {
        let mutation = GraphQLOperation(.mutation, name: "Book", selections: [GraphQLField("book", ["id", "site"])])
        let records = try AnswerNormalizer.records(["book": ["__typename": "Launch", "id": "7", "site": "VAFB"]], for: mutation, variables: [:])
        #expect(records == ["Launch:7": ["__typename": .scalar("Launch"), "id": .scalar("7"), "site": .scalar("VAFB")]])
    }

    @Test func anObjectOfATypeItsFieldCannotHoldIsRefusedWithItsPath() {
        var forged = Self.answer
        forged["launch"] = ["__typename": "Mission", "id": "25", "site": "KSC", "mission": nil]
        #expect(throws: CacheIdentityError(path: "launch", reason: .typeNotPossible(typename: "Mission"))) {
            try AnswerNormalizer.records(forged, for: Self.query, variables: ["id": "25"])
        }
    }

    @Test func aTypenameThatIsNotANameIsRefused() {
        let query = GraphQLOperation(.query, name: "Q", selections: [GraphQLField("items", ["id"])])
        let answer: [String: JSONValue] = ["items": [["__typename": "A", "id": "1"], ["__typename": "QUERY_ROOT.x", "id": "2"]]]
        #expect(throws: CacheIdentityError(path: "items[1]", reason: .typenameNotAName)) {
            try AnswerNormalizer.records(answer, for: query, variables: [:])
        }
    }
}
