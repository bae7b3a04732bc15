import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import Testing
import Transport

/// The GraphQL-over-HTTP spec as the client reads it: what it accepts, and each combination of
/// status and `Content-Type` an answer may come with.
@Suite(.timeLimit(.minutes(5)))
struct GraphQLOverHTTPTests {
    static let graphQLResponse = "application/graphql-response+json; charset=utf-8"

    static func reply(_ status: Int, _ contentType: String?, _ body: String) -> StubHTTPSession.Reply {
        .response(HTTPResponse(statusCode: status, headers: contentType.map { ["Content-Type": $0] } ?? [:], body: Data(body.utf8)))
    }

    static func outcome(_ reply: StubHTTPSession.Reply) async -> Result<GraphQLResult, GraphQLClientError> {
        let client = ClientFixtures.client(StubHTTPSession([reply]))
        do {
            return .success(try await client.fetch(ClientFixtures.launchDetails, variables: ["launchId": "25"], cachePolicy: .networkOnly))
        } catch let error as GraphQLClientError {
            return .failure(error)
        } catch {
            return .failure(GraphQLClientError(operationName: "", kind: .unexpectedShape("\(error)")))
        }
    }

    @Test func postAcceptsTheGraphQLResponseTypeFirst() {
        let request = NetworkFetchInterceptor(endpoint: ClientFixtures.endpoint, session: StubHTTPSession([]))
            .makeURLRequest(GraphQLRequest(operation: ClientFixtures.launchDetails))
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/graphql-response+json, application/json;q=0.9")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.method == "POST")
    }

    @Test(arguments: [graphQLResponse, "application/json", nil])
    func a200WithDataIsTheAnswer(contentType: String?) async throws {
        let result = try await Self.outcome(Self.reply(200, contentType, ClientFixtures.detailsBody())).get()
        #expect(result.data["launch"]?["id"] == "25")
    }

    @Test(arguments: [400, 422, 500])
    func aGraphQLResponseIsReadWhateverTheStatus(status: Int) async {
        let body = #"{"errors":[{"message":"Cannot query field \"nope\" on type \"Launch\".","extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#
        guard case .failure(let error) = await Self.outcome(Self.reply(status, Self.graphQLResponse, body)) else {
            Issue.record("a \(status) was taken for an answer")
            return
        }
        #expect(error.kind == .graphQLErrors([GraphQLError(message: #"Cannot query field "nope" on type "Launch"."#, code: "GRAPHQL_VALIDATION_FAILED")]))
        #expect(error.statusCode == status)
        #expect(error.classification() == .rejected)
    }

    @Test func aLegacy400WithErrorsIsThoseErrorsAsBefore() async {
        let body = #"{"errors":[{"message":"Syntax Error","extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}"#
        guard case .failure(let error) = await Self.outcome(Self.reply(400, "application/json", body)) else {
            Issue.record("a 400 was taken for an answer")
            return
        }
        #expect(error.graphQLErrors.first?.code == "GRAPHQL_PARSE_FAILED")
    }

    @Test(arguments: [(502, "text/html"), (500, graphQLResponse), (404, "text/plain"), (503, "application/json")])
    func anErrorStatusWithoutAGraphQLBodyIsTheStatus(status: Int, contentType: String) async {
        guard case .failure(let error) = await Self.outcome(Self.reply(status, contentType, "<html>Bad Gateway</html>")) else {
            Issue.record("a \(status) was taken for an answer")
            return
        }
        #expect(error.kind == .httpStatus(status))
    }

    @Test func a200ThatIsNotJSONIsNotJSON() async {
        guard case .failure(let error) = await Self.outcome(Self.reply(200, "text/html", "<html>login</html>")) else {
            Issue.record("HTML was taken for an answer")
            return
        }
        #expect(error.kind == .notJSON)
    }

    @Test(arguments: [
        ("application/graphql-response+json", GraphQLMediaType.graphQLResponse), ("Application/GraphQL-Response+JSON ; charset=utf-8", .graphQLResponse),
        ("application/json; charset=utf-8", .json), ("text/html", .other), ("multipart/mixed; boundary=\"-\"", .other),
    ])
    func mediaTypes(contentType: String, expected: GraphQLMediaType) {
        #expect(GraphQLMediaType(contentType: contentType) == expected)
        #expect(GraphQLMediaType(headers: ["content-type": contentType]) == expected)
    }
}
