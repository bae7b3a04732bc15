import Foundation
import GraphQLClient
@testable import GraphQLClientDocumentRunner
import GraphQLLanguage
import GraphQLPlanning
import PlannedDocuments
import RocketReserverAPI
import TestSupport
import Testing

/// A document planned at run time becomes exactly the client operation the generator writes
/// for the same `.graphql` file: one conversion, used twice.
@Suite(.timeLimit(.minutes(5)))
struct PlannedOperationTests {
    static func documents() throws -> [Document] {
        let folder = BuiltProducts.packageRoot.appendingPathComponent("Adapters/RocketReserverAPI")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".graphql") }.sorted()
        return try names.map { name in
            try Parser.parse(String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), sourceName: name)
        }
    }

    static let schema: Schema = {
        let url = BuiltProducts.packageRoot.appendingPathComponent("Adapters/RocketReserverAPI/schema.graphqls")
        do { return try Schema.parse(String(contentsOf: url, encoding: .utf8), sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    func planned(_ name: String) throws -> GraphQLOperation {
        let documents = try Self.documents()
        let operation = try #require(documents.flatMap(\.operations).first { $0.name?.value == name })
        let plan = try ClientOperationPlanner.plan(operation, sourceName: "\(name).graphql", documents: documents, schema: Self.schema).get()
        return PlannedOperation.operation(plan)
    }

    @Test func everyTutorialOperationPlansToItsGeneratedOperation() throws {
        #expect(try planned("LaunchList") == LaunchListQuery.operation)
        #expect(try planned("LaunchDetails") == LaunchDetailsQuery.operation)
        #expect(try planned("MyTrips") == MyTripsQuery.operation)
        #expect(try planned("Login") == LoginMutation.operation)
        #expect(try planned("BookTrip") == BookTripMutation.operation)
        #expect(try planned("CancelTrip") == CancelTripMutation.operation)
        #expect(try planned("SchemaIntrospection") == SchemaIntrospectionQuery.operation)
    }

    /// An anonymous subscription is sent as it was written, not renamed: `subscription { … }`
    /// with no name (so no `operationName` either); a named one keeps its name.
    @Test func anAnonymousSubscriptionStaysAnonymous() throws {
        let documents = try Self.documents()
        for (text, name, document) in [
            ("subscription { tripsBooked }", "", "subscription { tripsBooked }"),
            ("subscription Watched { tripsBooked }", "Watched", "subscription Watched { tripsBooked }"),
        ] {
            let parsed = try Parser.parse(text, sourceName: "live.graphql")
            let operation = try #require(parsed.operations.first)
            let plan = try ClientOperationPlanner.plan(operation, sourceName: "live.graphql", documents: documents + [parsed], schema: Self.schema).get()
            let subscription = PlannedOperation.subscription(plan)
            #expect(subscription.name == name)
            #expect(subscription.document == document)
        }
    }

    @Test func literalsBecomeTheClientsValues() {
        #expect(PlannedOperation.json(.object([("b", .int(1)), ("a", .list([.float("2.5"), .string("x"), .null, .bool(true)]))]))
            == .object(["b": .int(1), "a": .array([.double(2.5), .string("x"), .null, .bool(true)])]))
    }
}
