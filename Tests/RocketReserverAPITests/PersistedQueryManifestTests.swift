import Digests
import Foundation
import GraphQLClient
import GraphQLOperationSupport
import JSON
import RocketReserverAPI
import Testing

/// The app's checked-in persisted query manifest (the safelist a server is given) lists every
/// operation of the API with the document the client sends and its SHA-256 as the id: what a
/// client in persisted-documents mode sends is what the server finds.
@Suite(.timeLimit(.minutes(5)))
struct PersistedQueryManifestTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Adapters/RocketReserverAPI/persisted-query-manifest.json")

    @Test func idsMatchBodiesAndBodiesAreWhatTheClientSends() throws {
        let data = try Data(contentsOf: Self.file)
        let manifest = try JSONParser.parse(data)
        #expect(manifest["format"] == "apollo-persisted-query-manifest")
        #expect(manifest["version"] == 1)
        var byName: [String: (id: String, body: String)] = [:]
        for operation in manifest["operations"]?.arrayValue ?? [] {
            guard let name = operation["name"]?.stringValue, let id = operation["id"]?.stringValue, let body = operation["body"]?.stringValue else {
                Issue.record("an operation lacks its name, id or body")
                continue
            }
            #expect(SHA256.hex(body) == id, "\(name)'s id is not the SHA-256 of its body")
            byName[name] = (id, body)
        }
        let documents = [
            "BookTrip": BookTripMutation.operation.document, "CancelTrip": CancelTripMutation.operation.document,
            "LaunchDetails": LaunchDetailsQuery.operation.document, "LaunchList": LaunchListQuery.operation.document,
            "Login": LoginMutation.operation.document, "MyTrips": MyTripsQuery.operation.document,
            "SchemaIntrospection": SchemaIntrospectionQuery.operation.document, "TripsBooked": TripsBookedSubscription.subscription.document,
        ]
        #expect(Set(byName.keys) == Set(documents.keys))
        for (name, document) in documents {
            #expect(byName[name]?.body == document, "\(name)'s body is not what the client sends")
            #expect(byName[name]?.id == SHA256.hex(document))
        }
    }
}
