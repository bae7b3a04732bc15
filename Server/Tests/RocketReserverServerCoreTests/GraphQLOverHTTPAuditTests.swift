import Foundation
import Testing
import RocketReserverServerCore

/// The GraphQL-over-HTTP spec's server requirements, after graphql-http's audit list, written
/// as our own tests: media type negotiation, request bodies and parameters, and the statuses
/// of `application/graphql-response+json`.
@Suite("GraphQL over HTTP (the graphql-http audits)", .timeLimit(.minutes(5)))
struct GraphQLOverHTTPAuditTests {
    static let graphQLResponse = "application/graphql-response+json"
    static let query = #"{"query":"{ launch(id: \"3\") { id } }"}"#

    static func post(_ body: String, accept: String? = graphQLResponse, contentType: String? = "application/json") async throws -> GraphQLHTTPResponse {
        await (try TestServer()).service.handle(GraphQLHTTPRequest(method: "POST", body: Data(body.utf8), accept: accept, contentType: contentType))
    }

    static func get(_ query: String, accept: String? = graphQLResponse) async throws -> GraphQLHTTPResponse {
        await (try TestServer()).service.handle(GraphQLHTTPRequest(method: "GET", query: query, accept: accept, contentType: nil))
    }

    // MARK: Accept

    @Test func answersTheGraphQLResponseTypeWhenAccepted() async throws {
        let response = try await Self.post(Self.query)
        #expect(response.status == 200)
        #expect(response.mediaType == .graphQLResponse)
        #expect(response.mediaType.contentType == "application/graphql-response+json; charset=utf-8")
    }

    @Test func answersJSONWhenThatIsAccepted() async throws {
        let response = try await Self.post(Self.query, accept: "application/json")
        #expect(response.status == 200)
        #expect(response.mediaType.contentType == "application/json; charset=utf-8")
    }

    @Test(arguments: [nil, "", "*/*", "application/*", "text/html, */*;q=0.1"])
    func answersJSONForAnythingOrNothing(accept: String?) async throws {
        let response = try await Self.post(Self.query, accept: accept)
        #expect(response.status == 200)
        #expect(response.mediaType == .json)
    }

    @Test(arguments: [
        ("application/graphql-response+json, application/json;q=0.9", true),  // what the client sends
        ("application/json;q=0.9, application/graphql-response+json", true),
        ("application/graphql-response+json;q=0, application/json", false),
        ("application/json, application/graphql-response+json", false),  // a tie: the first listed
    ])
    func weighsTheAcceptedTypes(accept: String, prefersGraphQLResponse: Bool) async throws {
        let response = try await Self.post(Self.query, accept: accept)
        #expect(response.mediaType == (prefersGraphQLResponse ? .graphQLResponse : .json))
    }

    @Test(arguments: ["text/html", "application/xml;q=1, text/plain", "application/graphql-response+json;q=0"])
    func refusesAnAcceptItCannotMeetWith406(accept: String) async throws {
        let response = try await Self.post(Self.query, accept: accept)
        #expect(response.status == 406)
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "NOT_ACCEPTABLE")
    }

    // MARK: POST bodies

    @Test(arguments: [nil, "text/plain", "application/x-www-form-urlencoded", "application/graphql", "application/json; charset=iso-8859-1"])
    func refusesAPOSTThatIsNotUTF8JSONWith415(contentType: String?) async throws {
        let response = try await Self.post(Self.query, contentType: contentType)
        #expect(response.status == 415)
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "UNSUPPORTED_MEDIA_TYPE")
    }

    @Test(arguments: ["application/json; charset=utf-8", "Application/JSON;charset=UTF-8", "application/json"])
    func readsUTF8JSON(contentType: String) async throws {
        let response = try await Self.post(Self.query, contentType: contentType)
        #expect(response.status == 200)
        #expect(JSONPath.string(response.json, "data", "launch", "id") == "3")
    }

    @Test(arguments: [
        "", "{", "[]", #"{}"#, #"{"query": 1}"#, #"{"query": null}"#, #"{"query": "{ launches { cursor } }", "operationName": 1}"#,
        #"{"query": "{ launches { cursor } }", "variables": "{}"}"#, #"{"query": "{ launches { cursor } }", "variables": [1]}"#,
        #"{"query": "{ launches { cursor } }", "extensions": "{}"}"#, #"{"query": "{ launches { cursor } }", "extensions": [1]}"#,
    ])
    func anIllFormedRequestIs400WithoutData(body: String) async throws {
        let response = try await Self.post(body)
        #expect(response.status == 400)
        #expect(response.mediaType == .graphQLResponse)
        #expect(JSONPath.value(response.json, "data") == nil)
        #expect(JSONPath.array(response.json, "errors")?.isEmpty == false)
    }

    @Test(arguments: [
        #"{"query": "{ launch(id: \"3\") { id } }", "operationName": null, "variables": null, "extensions": null}"#,
        #"{"query": "{ launch(id: \"3\") { id } }", "extensions": {"tracing": true}}"#,
        #"{"query": "query L($id: ID!) { launch(id: $id) { id } }", "operationName": "L", "variables": {"id": "3"}}"#,
    ])
    func wellFormedParametersAreAccepted(body: String) async throws {
        let response = try await Self.post(body)
        #expect(response.status == 200)
        #expect(JSONPath.string(response.json, "data", "launch", "id") == "3")
    }

    // MARK: Statuses of application/graphql-response+json

    @Test(arguments: [
        (#"{"query": "{ launches {"}"#, "GRAPHQL_PARSE_FAILED"),
        (#"{"query": "{ launches { nope } }"}"#, "GRAPHQL_VALIDATION_FAILED"),
        (#"{"query": "query($n: Int) { launches(pageSize: $n) { cursor } }", "variables": {"n": "x"}}"#, "BAD_USER_INPUT"),
    ])
    func requestErrorsAre400WithoutData(body: String, code: String) async throws {
        let response = try await Self.post(body)
        #expect(response.status == 400)
        #expect(response.mediaType == .graphQLResponse)
        #expect(JSONPath.value(response.json, "data") == nil)
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == code)
    }

    @Test func aFieldErrorIs200WithData() async throws {
        let response = try await Self.post(#"{"query": "mutation { bookTrips(launchIds: [\"3\"]) { success } }"}"#)
        #expect(response.status == 200)
        #expect(response.mediaType == .graphQLResponse)
        #expect(JSONPath.value(response.json, "data") != nil)
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "UNAUTHENTICATED")
    }

    // MARK: GET

    @Test func getReadsURLEncodedJSONVariables() async throws {
        let response = try await Self.get("query=query%20L(%24id%3A%20ID!)%20%7B%20launch(id%3A%20%24id)%20%7B%20id%20%7D%20%7D&variables=%7B%22id%22%3A%224%22%7D")
        #expect(response.status == 200)
        #expect(response.mediaType == .graphQLResponse)
        #expect(JSONPath.string(response.json, "data", "launch", "id") == "4")
    }

    @Test func getNeedsNoContentTypeAndRefusesMutationsWith405() async throws {
        let response = try await Self.get("query=mutation%20%7B%20login(email%3A%20%22g%40example.com%22)%20%7B%20token%20%7D%20%7D")
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "POST")
    }

    @Test func getWithoutAQueryIs400() async throws {
        #expect(try await Self.get("").status == 400)
    }
}
