import Foundation
import Testing
import RocketReserverServerCore

@Suite("HTTP status codes and error bodies")
struct HTTPStatusTests {
    private func expectError(_ response: GraphQLHTTPResponse, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == code, sourceLocation: sourceLocation)
        #expect(JSONPath.string(response.json, "errors", 0, "message")?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(JSONPath.value(response.json, "data") == nil, sourceLocation: sourceLocation)
    }

    @Test func syntaxErrorIs400ParseFailedWithLocation() async throws {
        let response = try await TestServer().post("{ launches { cursor ")
        expectError(response, status: 400, code: "GRAPHQL_PARSE_FAILED")
        #expect(JSONPath.int(response.json, "errors", 0, "locations", 0, "line") == 1)
        #expect(JSONPath.int(response.json, "errors", 0, "locations", 0, "column") != nil)
    }

    @Test func unknownFieldIs400ValidationFailed() async throws {
        let response = try await TestServer().post("{ launches { nope } }")
        expectError(response, status: 400, code: "GRAPHQL_VALIDATION_FAILED")
        #expect(JSONPath.string(response.json, "errors", 0, "message")?.contains("nope") == true)
        #expect(JSONPath.int(response.json, "errors", 0, "locations", 0, "column") == 14)
    }

    @Test func badVariablesAre400BadUserInput() async throws {
        let server = try TestServer()
        let wrongType = try await server.post("query($n: Int) { launches(pageSize: $n) { cursor } }", variables: ["n": "ten"])
        expectError(wrongType, status: 400, code: "BAD_USER_INPUT")
        let missing = try await server.post(#"query($id: ID!) { launch(id: $id) { id } }"#)
        expectError(missing, status: 400, code: "BAD_USER_INPUT")
    }

    @Test func getQueryIs200() async throws {
        let response = try await TestServer().get(#"query($id: ID!) { launch(id: $id) { id } }"#, variables: #"{"id":"3"}"#)
        #expect(response.status == 200)
        #expect(JSONPath.string(response.json, "data", "launch", "id") == "3")
    }

    @Test func getWithPlusEncodedSpacesIsDecodedAsAForm() async throws {
        let server = try TestServer()
        let response = await server.service.handle(
            GraphQLHTTPRequest(method: "GET", query: "query=%7B+launch%28id%3A+%225%22%29+%7B+id+%7D+%7D")
        )
        #expect(response.status == 200)
        #expect(JSONPath.string(response.json, "data", "launch", "id") == "5")
    }

    @Test func mutationOverGetIs405() async throws {
        let server = try TestServer()
        let response = await server.get(#"mutation { login(email: "a@b.co") { id } }"#)
        expectError(response, status: 405, code: "METHOD_NOT_ALLOWED")
        #expect(response.headers["Allow"] == "POST")
        // Nothing was executed: the user was not created.
        #expect(server.service.data.store.snapshot.users.isEmpty)
    }

    @Test func nonJSONBodyIs400() async throws {
        let server = try TestServer()
        for body in ["not json", "[1,2]", #"{"query": 5}"#, "", #"{"variables": {}}"#, #"{"query": "{ me { id } }", "variables": [1]}"#] {
            let response = await server.service.handle(GraphQLHTTPRequest(method: "POST", body: Data(body.utf8)))
            expectError(response, status: 400, code: "BAD_REQUEST")
        }
    }

    @Test func otherMethodsAre405() async throws {
        let response = try await TestServer().service.handle(GraphQLHTTPRequest(method: "PUT", body: Data("{}".utf8)))
        expectError(response, status: 405, code: "METHOD_NOT_ALLOWED")
    }

    @Test func operationNameSelectsTheOperation() async throws {
        let server = try TestServer()
        let document = #"query A { launch(id: "1") { id } } query B { launch(id: "2") { id } }"#
        let chosen = try await server.post(document, operationName: "B")
        #expect(JSONPath.string(chosen.json, "data", "launch", "id") == "2")
        let ambiguous = try await server.post(document)
        expectError(ambiguous, status: 400, code: "OPERATION_RESOLUTION_FAILURE")
        let unknown = try await server.post(document, operationName: "C")
        expectError(unknown, status: 400, code: "OPERATION_RESOLUTION_FAILURE")
    }

    @Test func resolverErrorIs200WithDataAndPath() async throws {
        let response = try await TestServer().post(#"{ launch(id: "1") { id } launches(pageSize: 0) { cursor } }"#)
        #expect(response.status == 200)
        #expect(JSONPath.string(response.json, "errors", 0, "path", 0) == "launches")
        #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "BAD_USER_INPUT")
        // LaunchConnection! is non-null, so the error nulls the whole data.
        #expect(JSONPath.isNull(response.json, "data"))
    }
}
