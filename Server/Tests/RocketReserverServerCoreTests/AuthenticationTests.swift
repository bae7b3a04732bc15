import Foundation
import Testing
import RocketReserverServerCore

@Suite("login and request identity")
struct AuthenticationTests {
    static let meQuery = "{ me { id email token profileImage trips { id } } }"

    @Test func loginReturnsUserWithBase64EmailToken() async throws {
        let server = try TestServer()
        let response = try await server.post(#"mutation { login(email: "ada@example.com") { id email token profileImage trips { id } } }"#)
        #expect(response.status == 200)
        let user = JSONPath.value(response.json, "data", "login")
        #expect(JSONPath.string(user, "email") == "ada@example.com")
        #expect(JSONPath.string(user, "token") == Data("ada@example.com".utf8).base64EncodedString())
        #expect(JSONPath.string(user, "id") == "1")
        #expect(JSONPath.isNull(user, "profileImage"))
        #expect(JSONPath.array(user, "trips")?.isEmpty == true)
    }

    @Test func loginAgainKeepsTheSameUserAndNewUsersGetNewIDs() async throws {
        let server = try TestServer()
        let query = #"mutation($e: String) { login(email: $e) { id } }"#
        let first = try await server.post(query, variables: ["e": "one@example.com"])
        let second = try await server.post(query, variables: ["e": "two@example.com"])
        let again = try await server.post(query, variables: ["e": "one@example.com"])
        #expect(JSONPath.string(first.json, "data", "login", "id") == "1")
        #expect(JSONPath.string(second.json, "data", "login", "id") == "2")
        #expect(JSONPath.string(again.json, "data", "login", "id") == "1")
    }

    @Test(arguments: ["not-an-email", "a@b", "", "x y@z.com"])
    func invalidEmailGivesNullWithoutError(email: String) async throws {
        let server = try TestServer()
        let response = try await server.post(#"mutation($e: String) { login(email: $e) { id token } }"#, variables: ["e": email])
        #expect(response.status == 200)
        #expect(JSONPath.isNull(response.json, "data", "login"))
        #expect(JSONPath.value(response.json, "errors") == nil)
    }

    @Test func meIsNullWhenAnonymousOrGarbage() async throws {
        let server = try TestServer()
        for header in [nil, "garbage!!", "Bearer", Data("not an email".utf8).base64EncodedString(), "Basic Zm9vOmJhcg=="] {
            let response = try await server.post(Self.meQuery, authorization: header)
            #expect(response.status == 200)
            #expect(JSONPath.isNull(response.json, "data", "me"), "header \(header ?? "nil")")
            #expect(JSONPath.value(response.json, "errors") == nil)
        }
    }

    @Test func rawTokenAndBearerTokenIdentifyTheUser() async throws {
        let server = try TestServer()
        let token = try await server.login("grace@example.com")
        for header in [token, "Bearer \(token)", "bearer \(token)"] {
            let response = try await server.post(Self.meQuery, authorization: header)
            #expect(JSONPath.string(response.json, "data", "me", "email") == "grace@example.com", "header \(header)")
            #expect(JSONPath.string(response.json, "data", "me", "id") == "1")
            #expect(JSONPath.string(response.json, "data", "me", "token") == token)
            #expect(JSONPath.isNull(response.json, "data", "me", "profileImage"))
        }
    }
}
