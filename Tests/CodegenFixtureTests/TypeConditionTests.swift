import CodegenFixtures
import Foundation
import GraphQLClient
import GraphQLOperationSupport
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing

/// Type conditions on a narrower type (an interface's implementations, a union's members, an
/// interface inside a union) give typed accessors decided by `__typename`, and the client asks
/// for, and checks, each object's fields by its type.
@Suite(.timeLimit(.minutes(5)))
struct TypeConditionTests {
    static let answer = #"""
        {"data":{
          "node":{"__typename":"Person","id":"p1","name":"Ada","friends":[{"__typename":"Person","id":"p2","name":"Bob"}]},
          "search":[
            {"__typename":"Item","id":"i1","name":"Box"},
            {"__typename":"Place","id":"pl","latitude":1.5,"longitude":2},
            {"__typename":"Person","id":"p3","name":"Cy","best":{"__typename":"Place","id":"pl","latitude":1.5}}
          ]
        }}
        """#

    @Test func typedAccessorsAreDecidedByTheTypename() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(Self.answer)])
        let data = try await GeneratedRoundTripTests.client(session).run(PolymorphicQuery(id: "p1", text: "a")).data
        let node = try #require(data.node)
        #expect(node.id == "p1")
        #expect(node.asItem == nil)
        #expect(node.asNamed?.name == "Ada")
        #expect(node.asPerson?.name == "Ada", "a Person meets Named: its accessor has Named's fields merged")
        #expect(node.asPerson?.fragments.personDetails.friends.map(\.name) == ["Bob"])
        #expect(data.search.map(\.__typename) == ["Item", "Place", "Person"])
        #expect(data.search.map(\.id) == ["i1", "pl", "p3"], "Node covers every member of the union: its fields are everyone's")
        #expect(data.search[0].asNamed?.name == "Box" && data.search[0].asPlace == nil && data.search[0].asPerson == nil)
        #expect(data.search[1].asPlace?.longitude == 2 && data.search[1].asNamed == nil)
        #expect(data.search[2].asPerson?.best?.asPlace?.latitude == 1.5)
        #expect(data.search[2].asPerson?.name == "Cy")
        // A fragment on the union, with its own typed accessors, decoded from the same objects.
        #expect(data.search.map { $0.fragments.namedThing.asNamed?.name } == ["Box", nil, "Cy"])
        #expect(data.search.map { $0.fragments.namedThing.asPlace?.id } == [nil, "pl", nil])
    }

    /// The cache keeps each object's fields for its own type and reads them back the same way:
    /// the second run is answered from the cache (the stub has one answer only) and equal.
    @Test(arguments: ["memory", "sqlite"])
    func theCacheStoresAndReadsEachTypesFields(_ persistence: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("type-cases-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NormalizedCache(persistence: persistence == "memory" ? .inMemory() : .sqlite(at: folder.appendingPathComponent("c.sqlite")))
        let session = StubHTTPSession([StubHTTPSession.json(Self.answer)])
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(endpoint: URL(string: "http://127.0.0.1:9/graphql")!, session: session, cache: cache))
        let fetched = try await client.run(PolymorphicQuery(id: "p1", text: "a"), cachePolicy: .networkOnly)
        let cached = try await client.run(PolymorphicQuery(id: "p1", text: "a"), cachePolicy: .cacheOnly)
        #expect(cached.source == .cache)
        #expect(cached.data.search[1].asPlace?.longitude == 2)
        #expect(cached.data.search[2].asPerson?.best?.asPlace?.latitude == 1.5)
        #expect(cached.data.node?.asPerson?.fragments.personDetails.friends.map(\.name) == ["Bob"])
        #expect(cached.data.search.map { $0.fragments.namedThing.asNamed?.name } == fetched.data.search.map { $0.fragments.namedThing.asNamed?.name })
        #expect(await cache.record("Place:pl")?["longitude"] == .scalar(2), "the Place's own field is in its record")
        #expect(await cache.record("Item:i1")?["longitude"] == nil)
    }

    @Test func theDocumentSentAsksForEachTypesFields() async throws {
        let document = PolymorphicQuery.operation.document
        #expect(document.contains("node(id: $id) { __typename id ... on Item { __typename id name kind } ... on Person { __typename id name friends"), "\(document)")
        #expect(document.contains("... on Place { __typename id latitude longitude }"), "\(document)")
        #expect(document.contains("best { __typename ... on Place { __typename id latitude } }"), "\(document)")
        let fields = PolymorphicQuery.operation.selections
        let node = try #require(fields.first { $0.name == "node" })
        #expect(node.selections(forTypename: "Place").map(\.responseKey) == ["__typename", "id"])
        #expect(node.selections(forTypename: "Item").map(\.responseKey) == ["__typename", "id", "name", "kind"])
        let search = try #require(fields.first { $0.name == "search" })
        #expect(search.identityKey(forTypename: "Place") == "id" && search.identityKey(forTypename: nil) == "id")
        let best = try #require(search.typeCases.first { $0.possibleTypes == ["Person"] }?.selections.first { $0.name == "best" })
        #expect(best.identityKey(forTypename: "Place") == "id", "the id asked only of a Place")
        #expect(best.identityKey(forTypename: "Item") == nil && best.identityKey == nil)
    }

    @Test(arguments: [
        // An Item must have kind (asked for on Items), a Person its friends.
        (#"{"data":{"node":{"__typename":"Item","id":"i","name":"n"},"search":[]}}"#, "node.kind is missing"),
        (#"{"data":{"node":{"__typename":"Person","id":"p","name":"n"},"search":[]}}"#, "node.friends is missing"),
        (#"{"data":{"node":null,"search":[{"__typename":"Place","id":"p","latitude":1}]}}"#, "search[0].longitude is missing"),
        (#"{"data":{"node":null,"search":[{"__typename":"Person","id":"p","name":"n","best":{"__typename":"Place","id":"x"}}]}}"#,
         "search[0].best.latitude is missing"),
    ])
    func anObjectLackingItsTypesFieldsIsNotUnderstood(answer: String, problem: String) async throws {
        let session = StubHTTPSession([StubHTTPSession.json(answer)])
        let error = await #expect(throws: GraphQLClientError.self) {
            _ = try await GeneratedRoundTripTests.client(session).run(PolymorphicQuery(id: "p", text: "a"))
        }
        guard case .unexpectedShape(let message)? = error?.kind else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains(problem), "\(message)")
    }

    @Test func fieldsOfOtherTypesMayBeLeftOut() async throws {
        // A Place has no name, an Item no friends: neither is asked of them.
        let answer = #"{"data":{"node":{"__typename":"Place","id":"pl"},"search":[{"__typename":"Place","id":"pl","latitude":0,"longitude":0}]}}"#
        let session = StubHTTPSession([StubHTTPSession.json(answer)])
        let data = try await GeneratedRoundTripTests.client(session).run(PolymorphicQuery(id: "pl", text: "a")).data
        #expect(data.node?.id == "pl" && data.node?.asNamed == nil && data.node?.asItem == nil && data.node?.asPerson == nil)
        #expect(data.search.first?.asPlace?.latitude == 0)
    }

    @Test func anObjectWithoutATypenameCannotBeDecided() {
        #expect(throws: GraphQLDecodingError.self) {
            _ = try PolymorphicQuery.decode(data: ["node": ["id": "x"], "search": []])
        }
    }
}
