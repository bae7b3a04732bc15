import CodegenFixtures
import Foundation
import GraphQLClient
import GraphQLOperationSupport
import JSON
import Testing

/// The persisted query manifest the build wrote for the fixtures (conditions, type cases, input
/// objects, literals, an anonymous operation, a subscription) lists each operation with the
/// document the client sends, character for character.
@Suite(.timeLimit(.minutes(5)))
struct PersistedQueryManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The manifest the build-tool plugin wrote beside CodegenFixtures' generated Swift.
    static func builtManifest() throws -> [String: JSONValue] {
        let outputs = root.appendingPathComponent(".build/plugins/outputs")
        let packages = (try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? []
        for package in packages {
            let file = outputs.appendingPathComponent("\(package)/CodegenFixtures/destination/GraphQLCodegenPlugin/persisted-query-manifest.json")
            if let data = FileManager.default.contents(atPath: file.path), case .object(let members) = try JSONParser.parse(data) { return members }
        }
        throw ManifestMissing()
    }

    struct ManifestMissing: Error {}

    @Test func everyOperationIsListedWithTheDocumentTheClientSends() throws {
        let manifest = try Self.builtManifest()
        #expect(manifest["format"] == "apollo-persisted-query-manifest")
        #expect(manifest["version"] == 1)
        let operations = manifest["operations"]?.arrayValue ?? []
        var bodies: [String: String] = [:]
        for operation in operations {
            guard let name = operation["name"]?.stringValue, let body = operation["body"]?.stringValue else { continue }
            bodies[name] = body
            #expect(operation["id"]?.stringValue?.count == 64)
        }
        let sent: [String: (type: String, document: String)] = [
            "Conditional": ("query", ConditionalQuery.operation.document),
            "ConditionalSpread": ("query", ConditionalSpreadQuery.operation.document),
            "FilteredItems": ("query", FilteredItemsQuery.operation.document),
            "Polymorphic": ("query", PolymorphicQuery.operation.document),
            "Deferred": ("query", DeferredQuery.operation.document),
            "": ("query", ItemByIdQuery.operation.document),
            "Found": ("subscription", FoundSubscription.subscription.document),
        ]
        #expect(Set(bodies.keys) == Set(sent.keys))
        for (name, expected) in sent {
            #expect(bodies[name] == expected.document, "\(name.isEmpty ? "the anonymous operation" : name)'s body is not what the client sends")
            #expect(operations.contains { $0["name"]?.stringValue == name && $0["type"]?.stringValue == expected.type })
        }
    }
}
