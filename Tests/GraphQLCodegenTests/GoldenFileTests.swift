import Foundation
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// The generated Swift for the tutorial's operations, compared with reviewed copies in `Golden/`.
/// Run with `UPDATE_GOLDEN_FILES=1` to rewrite them after an intended change, then review the diff.
@Suite(.timeLimit(.minutes(5)))
struct GoldenFileTests {
    @Test func tutorialOperationsGenerateTheReviewedSwift() throws {
        let schema = try Schema.parse(try Repository.read("\(Repository.operationsFolder)/schema.graphqls"), sourceName: "schema.graphqls")
        let files = try CodeGenerator.generate(sources: try Repository.tutorialSources(), schema: schema).get()
        #expect(files.map(\.name) == [
            "BookTrip.graphql.swift", "CancelTrip.graphql.swift", "LaunchDetails.graphql.swift", "LaunchDetailsFields.graphql.swift",
            "LaunchList.graphql.swift",
            "LaunchTile.graphql.swift", "Login.graphql.swift", "MyTrips.graphql.swift", "SchemaIntrospection.graphql.swift",
            "TripUpdateDetails.graphql.swift", "TripsBooked.graphql.swift",
            "SchemaTypes.graphql.swift",
        ])
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN_FILES"] == "1"
        for file in files {
            let golden = Repository.goldenFolder.appendingPathComponent(file.name + ".golden")
            if update { try file.contents.write(to: golden, atomically: true, encoding: .utf8) }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(file.contents == expected, "\(file.name) differs from Golden/\(file.name).golden")
        }
    }

    @Test func generationIsDeterministic() throws {
        let schema = try Schema.parse(try Repository.read("\(Repository.operationsFolder)/schema.graphqls"), sourceName: "schema.graphqls")
        let sources = try Repository.tutorialSources()
        let first = try CodeGenerator.generate(sources: sources, schema: schema).get()
        let second = try CodeGenerator.generate(sources: sources.reversed(), schema: schema).get()
        #expect(Set(first.map(\.contents)) == Set(second.map(\.contents)))
    }
}
