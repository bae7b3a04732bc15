import Digests
import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing
import Transport

/// Automatic persisted queries and persisted documents as the chain sends them, against a
/// scripted server that answers as Apollo Server 3 does.
@Suite(.timeLimit(.minutes(5)))
struct PersistedQueryTests {
    static let notFound = StubHTTPSession.json(#"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#)
    static let notSupported = StubHTTPSession.json(#"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#)
    static let details = StubHTTPSession.json(ClientFixtures.detailsBody())
    static let hash = SHA256.hex(ClientFixtures.launchDetails.document)

    static func client(
        _ session: StubHTTPSession, mode: PersistedQueryMode, usesGET: Bool = false, cache: NormalizedCache = NormalizedCache()
    ) -> GraphQLClient {
        GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: ClientFixtures.endpoint, session: session, cache: cache, retry: RetryInterceptor(delays: []),
            persistedQueries: mode, usesGET: usesGET
        ))
    }

    static func body(_ request: HTTPRequest) throws -> [String: JSONValue] {
        guard case .object(let members) = try JSONParser.parse(request.body) else { throw JSONShapeError() }
        return members
    }

    struct JSONShapeError: Error {}

    static func fetchDetails(_ client: GraphQLClient) async throws -> GraphQLResult {
        try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly)
    }

    @Test func theHashIsTheSHA256OfTheDocumentSent() throws {
        let request = NetworkFetchInterceptor(endpoint: ClientFixtures.endpoint, session: StubHTTPSession([]))
            .makeURLRequest(GraphQLRequest(operation: ClientFixtures.launchDetails))
        let sent = try #require(try Self.body(request)["query"]?.stringValue)
        #expect(SHA256.hex(sent) == Self.hash)
        #expect(Self.hash.count == 64)
    }

    @Test func aKnownHashIsOneRequestWithoutTheDocument() async throws {
        let session = StubHTTPSession([Self.details])
        let result = try await Self.fetchDetails(Self.client(session, mode: .automatic))
        #expect(result.data["launch"]?["id"] == "25")
        #expect(session.requestCount == 1)
        let body = try Self.body(session.requests[0])
        #expect(body["query"] == nil)
        #expect(body["extensions"] == ["persistedQuery": ["version": 1, "sha256Hash": .string(Self.hash)]])
        #expect(body["operationName"] == "LaunchDetails")
        #expect(body["variables"] == ["launchId": "25"])
    }

    @Test func notFoundIsSentOnceMoreWithTheDocumentAndTheSameHash() async throws {
        let session = StubHTTPSession([Self.notFound, Self.details])
        let result = try await Self.fetchDetails(Self.client(session, mode: .automatic))
        #expect(result.data["launch"]?["site"] == "CCAFS SLC 40")
        #expect(session.requestCount == 2)
        let retry = try Self.body(session.requests[1])
        #expect(retry["query"]?.stringValue == ClientFixtures.launchDetails.document)
        #expect(retry["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue == Self.hash)
    }

    @Test func notFoundTwiceIsReportedNotAskedAgain() async throws {
        let session = StubHTTPSession([Self.notFound])
        let error = await #expect(throws: GraphQLClientError.self) { try await Self.fetchDetails(Self.client(session, mode: .automatic)) }
        #expect(error?.graphQLErrors.first?.message == "PersistedQueryNotFound")
        #expect(session.requestCount == 2)
    }

    @Test func notSupportedSendsTheDocumentAndIsRememberedForTheEndpoint() async throws {
        let session = StubHTTPSession([Self.notSupported, Self.details])
        let client = Self.client(session, mode: .automatic)
        _ = try await Self.fetchDetails(client)
        #expect(session.requestCount == 2)
        let full = try Self.body(session.requests[1])
        #expect(full["query"]?.stringValue == ClientFixtures.launchDetails.document)
        #expect(full["extensions"] == nil)
        _ = try await Self.fetchDetails(client)
        #expect(session.requestCount == 3)
        #expect(try Self.body(session.requests[2])["query"] != nil)
    }

    @Test func onlySendsTheIdAndNeverTheDocument() async throws {
        let session = StubHTTPSession([Self.details])
        _ = try await Self.fetchDetails(Self.client(session, mode: .only))
        let body = try Self.body(session.requests[0])
        #expect(body["query"] == nil)
        #expect(body["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue == Self.hash)
    }

    @Test func onlyReportsAnUnknownIdWithASentenceAndNoSecondRequest() async throws {
        let session = StubHTTPSession([Self.notFound, Self.details])
        let error = await #expect(throws: GraphQLClientError.self) { try await Self.fetchDetails(Self.client(session, mode: .only)) }
        #expect(error?.kind == .persistedDocumentNotFound(id: Self.hash))
        #expect(error?.summary.contains("manifest") == true)
        #expect(error?.classification() == .rejected)
        #expect(error?.outcomeIsUnknown == false)
        #expect(session.requestCount == 1)
        #expect(session.requests.allSatisfy { (try? Self.body($0)["query"]) == nil })
    }

    @Test func onlyAgainstAServerWithoutSupportIsAnError() async throws {
        let session = StubHTTPSession([Self.notSupported, Self.details])
        let error = await #expect(throws: GraphQLClientError.self) { try await Self.fetchDetails(Self.client(session, mode: .only)) }
        #expect(error?.kind == .persistedQueriesNotSupported)
        #expect(session.requestCount == 1)
    }

    @Test func aMutationIsPersistedButAlwaysPOSTed() async throws {
        let session = StubHTTPSession([Self.notFound, StubHTTPSession.json(#"{"data":{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"message":"ok","launches":[]}}}"#)])
        _ = try await Self.client(session, mode: .automatic, usesGET: true).perform(ClientFixtures.bookTrip, variables: ["id": "25"])
        #expect(session.requests.map(\.method) == ["POST", "POST"])
        #expect(try Self.body(session.requests[0])["query"] == nil)
        #expect(try Self.body(session.requests[1])["query"] != nil)
        #expect(session.requests.allSatisfy { !$0.isIdempotent })
    }

    @Test func offSendsTheDocumentWithoutExtensions() async throws {
        let session = StubHTTPSession([Self.details])
        _ = try await Self.fetchDetails(Self.client(session, mode: .off))
        let body = try Self.body(session.requests[0])
        #expect(body["query"]?.stringValue == ClientFixtures.launchDetails.document)
        #expect(body["extensions"] == nil)
    }
}
