import Foundation
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// The persisted query manifest: the tutorial's, generated here, is the one checked in (the
/// safelist a server is given); its shape is Apollo's.
/// Run with `UPDATE_GOLDEN_FILES=1` to rewrite the checked-in copy after an intended change.
@Suite(.timeLimit(.minutes(5)))
struct PersistedQueryManifestTests {
    static let checkedIn = "\(Repository.operationsFolder)/persisted-query-manifest.json"

    static func tutorialManifest() throws -> PersistedQueryManifest {
        let schema = try Schema.parse(try Repository.read("\(Repository.operationsFolder)/schema.graphqls"), sourceName: "schema.graphqls")
        return try CodeGenerator.generateWithManifest(sources: try Repository.tutorialSources(), schema: schema).get().manifest
    }

    @Test func theTutorialsManifestIsTheCheckedInOne() throws {
        let manifest = try Self.tutorialManifest()
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN_FILES"] == "1" {
            try manifest.json.write(to: Repository.root.appendingPathComponent(Self.checkedIn), atomically: true, encoding: .utf8)
        }
        #expect(manifest.json == (try Repository.read(Self.checkedIn)), "\(Self.checkedIn) is not what the generator writes; regenerate it")
        #expect(manifest.operations.map(\.name) == [
            "BookTrip", "CancelTrip", "LaunchDetails", "LaunchList", "Login", "MyTrips", "SchemaIntrospection", "TripsBooked",
        ])
        #expect(manifest.operations.first { $0.name == "TripsBooked" }?.type == "subscription")
        #expect(manifest.operations.first { $0.name == "Login" }?.type == "mutation")
    }

    @Test func theManifestIsApollosFormat() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try Self.tutorialManifest().json.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "apollo-persisted-query-manifest")
        #expect(json["version"] as? Int == 1)
        let operations = try #require(json["operations"] as? [[String: String]])
        #expect(operations.count == 8)
        for operation in operations {
            #expect(Set(operation.keys) == ["id", "name", "type", "body"])
            #expect(operation["id"]?.count == 64)
        }
    }

    /// A known answer, from Python's hashlib: the id is the SHA-256 of the body's UTF-8.
    @Test func theIdIsTheSHA256OfTheBody() {
        let operation = PersistedQueryManifest.Operation(name: "A", type: "query", body: "query A { launch(id: \"é\") { __typename id } }")
        #expect(operation.id == "5d328075abb289c41fb7174bad39d843a8670bc621b2feb904b28c33f5c1f2db")
    }

    @Test func aDocumentUsedTwiceIsListedOnce() {
        let manifest = PersistedQueryManifest(operations: [
            .init(name: "B", type: "query", body: "query B { a }"), .init(name: "B", type: "query", body: "query B { a }"), .init(name: "A", type: "query", body: "query A { a }"),
        ])
        #expect(manifest.operations.map(\.name) == ["A", "B"])
    }
}
