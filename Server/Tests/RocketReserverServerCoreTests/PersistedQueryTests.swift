import Foundation
import Testing
import RocketReserverServerCore

/// Automatic persisted queries as Apollo Server 3 answers them, a server without them, and a
/// manifest's safelist.
@Suite("persisted queries", .timeLimit(.minutes(5)))
struct PersistedQueryTests {
    static let document = #"query Launch($id: ID!) { launch(id: $id) { id site } }"#

    static func hash(_ text: String) -> String {
        PersistedQueryManifestFixture.sha256(text)
    }

    static func service(_ policy: PersistedQueryPolicy = .automatic) throws -> GraphQLService {
        let data = ServerData(catalog: LaunchCatalog(dataset: try LaunchDataset.bundled()), store: try BookingStore(stateFile: nil))
        return try GraphQLService(data: data, persistedQueries: policy)
    }

    static func post(_ service: GraphQLService, query: String?, hash: String?, version: Int = 1, variables: [String: Any] = ["id": "3"]) async throws -> GraphQLHTTPResponse {
        var body: [String: Any] = ["variables": variables]
        if let query { body["query"] = query }
        if let hash { body["extensions"] = ["persistedQuery": ["version": version, "sha256Hash": hash]] }
        return await service.handle(GraphQLHTTPRequest(method: "POST", body: try JSONSerialization.data(withJSONObject: body)))
    }

    static func get(_ service: GraphQLService, hash: String, variables: String = #"{"id":"3"}"#) async -> GraphQLHTTPResponse {
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "variables", value: variables),
            URLQueryItem(name: "extensions", value: #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#),
        ]
        return await service.handle(GraphQLHTTPRequest(method: "GET", query: components.percentEncodedQuery))
    }

    @Test func anUnknownHashIsNotFoundWith200() async throws {
        let response = try await Self.post(try Self.service(), query: nil, hash: Self.hash(Self.document))
        #expect(response.status == 200)
        #expect(JSONPath.string(response.json, "errors", 0, "message") == "PersistedQueryNotFound")
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "PERSISTED_QUERY_NOT_FOUND")
        #expect(JSONPath.value(response.json, "data") == nil)
    }

    @Test func theDocumentWithItsHashRegistersItForHashOnlyRequests() async throws {
        let service = try Self.service()
        let registering = try await Self.post(service, query: Self.document, hash: Self.hash(Self.document))
        #expect(registering.status == 200)
        #expect(JSONPath.string(registering.json, "data", "launch", "id") == "3")
        let byHash = try await Self.post(service, query: nil, hash: Self.hash(Self.document), variables: ["id": "5"])
        #expect(JSONPath.string(byHash.json, "data", "launch", "id") == "5")
        // An upper-case hash names the same document.
        let upper = try await Self.post(service, query: nil, hash: Self.hash(Self.document).uppercased())
        #expect(JSONPath.string(upper.json, "data", "launch", "id") == "3")
    }

    @Test func aHashThatDoesNotMatchTheQueryIs400AndRegistersNothing() async throws {
        let service = try Self.service()
        let wrong = Self.hash("{ launches { cursor } }")
        let response = try await Self.post(service, query: Self.document, hash: wrong)
        #expect(response.status == 400)
        #expect(JSONPath.string(response.json, "errors", 0, "message") == "provided sha does not match query")
        let after = try await Self.post(service, query: nil, hash: wrong)
        #expect(JSONPath.string(after.json, "errors", 0, "message") == "PersistedQueryNotFound")
    }

    @Test func anInvalidDocumentIsNotRegistered() async throws {
        let service = try Self.service()
        let invalid = "{ launch(id: 1) { nope } }"
        let response = try await Self.post(service, query: invalid, hash: Self.hash(invalid))
        #expect(response.status == 400)
        let after = try await Self.post(service, query: nil, hash: Self.hash(invalid))
        #expect(JSONPath.string(after.json, "errors", 0, "message") == "PersistedQueryNotFound")
    }

    @Test func aVersionOtherThanOneIs400() async throws {
        let response = try await Self.post(try Self.service(), query: Self.document, hash: Self.hash(Self.document), version: 2)
        #expect(response.status == 400)
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "BAD_REQUEST")
    }

    @Test func getWithTheHashAloneRunsARegisteredQuery() async throws {
        let service = try Self.service()
        let unknown = await Self.get(service, hash: Self.hash(Self.document))
        #expect(JSONPath.string(unknown.json, "errors", 0, "message") == "PersistedQueryNotFound")
        _ = try await Self.post(service, query: Self.document, hash: Self.hash(Self.document))
        let known = await Self.get(service, hash: Self.hash(Self.document), variables: #"{"id":"7"}"#)
        #expect(known.status == 200)
        #expect(JSONPath.string(known.json, "data", "launch", "id") == "7")
    }

    @Test func aPersistedMutationOverGETIs405() async throws {
        let service = try Self.service()
        let mutation = #"mutation { login(email: "pq@example.com") { token } }"#
        _ = try await Self.post(service, query: mutation, hash: Self.hash(mutation), variables: [:])
        let response = await Self.get(service, hash: Self.hash(mutation), variables: "{}")
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "POST")
    }

    @Test func withoutSupportTheExtensionIsNotSupported() async throws {
        let service = try Self.service(.unsupported)
        for query in [nil, Self.document] {
            let response = try await Self.post(service, query: query, hash: Self.hash(Self.document))
            #expect(response.status == 200)
            #expect(JSONPath.string(response.json, "errors", 0, "message") == "PersistedQueryNotSupported")
            #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "PERSISTED_QUERY_NOT_SUPPORTED")
        }
        let plain = try await Self.post(service, query: Self.document, hash: nil)
        #expect(JSONPath.string(plain.json, "data", "launch", "id") == "3")
    }

    @Test func aSafelistRunsOnlyItsDocuments() async throws {
        let manifest = try PersistedQueryManifest(json: PersistedQueryManifestFixture.manifest([Self.document]))
        let service = try Self.service(.safelist(manifest))
        let byId = try await Self.post(service, query: nil, hash: Self.hash(Self.document))
        #expect(JSONPath.string(byId.json, "data", "launch", "id") == "3")
        let inFull = try await Self.post(service, query: Self.document, hash: nil)
        #expect(JSONPath.string(inFull.json, "data", "launch", "id") == "3")
        let other = "{ launches { cursor } }"
        let unknownId = try await Self.post(service, query: nil, hash: Self.hash(other))
        #expect(JSONPath.string(unknownId.json, "errors", 0, "message") == "PersistedQueryNotFound")
        let notListed = try await Self.post(service, query: other, hash: nil)
        #expect(notListed.status == 400)
        #expect(JSONPath.string(notListed.json, "errors", 0, "extensions", "code") == "PERSISTED_QUERY_NOT_IN_LIST")
        // Nothing registers: the same document with its hash is still refused.
        let registering = try await Self.post(service, query: other, hash: Self.hash(other))
        #expect(registering.status == 400)
    }

    @Test func aManifestWhoseIdIsNotItsBodysHashIsRefused() throws {
        let text = #"{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id":"00","name":"A","type":"query","body":"{ launches { cursor } }"}]}"#
        #expect(throws: ServerSetupError.self) { try PersistedQueryManifest(json: Data(text.utf8)) }
        let otherFormat = #"{"format":"something-else","version":1,"operations":[]}"#
        #expect(throws: ServerSetupError.self) { try PersistedQueryManifest(json: Data(otherFormat.utf8)) }
    }
}

/// Manifests written for the tests; the SHA-256 of each document was computed with Python's
/// `hashlib`, so the server's own digest is checked against another implementation.
enum PersistedQueryManifestFixture {
    static let digests: [String: String] = [
        #"query Launch($id: ID!) { launch(id: $id) { id site } }"#: "ee2c69fa4a175fc4ce3bee75e8a5ff9aeef6fa2b076bbc962177eb65f4c39cb9",
        #"{ launches { cursor } }"#: "dde6d70cf2eccde6e03b8960b94c839e7898c63d2c96471e638e39aa37eefdfe",
        #"{ launch(id: 1) { nope } }"#: "5f8229b708577e6a8b99084f3373ff9f8596094bf8843c39bf0fb42094c0f74b",
        #"mutation { login(email: "pq@example.com") { token } }"#: "4dff108eb71e9a3b5167fc672fa7637030cbb2bb158ced9f715d29afa9f2de1b",
    ]

    static func sha256(_ text: String) -> String {
        digests[text] ?? "no digest recorded for \(text)"
    }

    static func manifest(_ bodies: [String]) throws -> Data {
        let operations = bodies.enumerated().map { ["id": sha256($1), "name": "Op\($0)", "type": "query", "body": $1] }
        return try JSONSerialization.data(withJSONObject: ["format": "apollo-persisted-query-manifest", "version": 1, "operations": operations])
    }
}
