import Foundation
import Testing
import RocketReserverServerCore

/// Variables are coerced as the GraphQL spec's input-coercion rules say (§3.5, §3.10, §3.11,
/// §3.12): `ID` from a string or an integer, `Float` from an integer, `Int` only from a whole
/// number, a list from a single value, input objects field by field, and `null` refused for a
/// non-null type.
@Suite("Variable input coercion")
struct VariableCoercionTests {
    /// The tutorial's schema plus a probe field taking every kind of input (it resolves to null).
    static let probeSDL = """
        input Probe { id: ID!, size: Float, count: Int, tags: [String!], nested: Probe }
        extend type Query { probe(id: ID, ids: [ID!], f: Float, n: Int, input: Probe, req: ID!): Boolean }
        """

    static func server() throws -> TestServer {
        try TestServer(sdlSuffix: probeSDL)
    }

    /// Posts `{ probe(<argument>: $v, req: 1) }` with `$v: <type>` = `json` (JSON text, exactly
    /// as a client sends it); returns the status.
    static func status(_ type: String, _ argument: String, _ json: String) async throws -> Int {
        let query = "query($v: \(type)) { probe(\(argument): $v, req: 1) }"
        let body = #"{"query":"\#(query)","variables":{"v":\#(json)}}"#
        let response = await (try server()).service.handle(GraphQLHTTPRequest(method: "POST", body: Data(body.utf8)))
        return response.status
    }

    @Test func anIntegerIsAnID() async throws {
        let server = try TestServer()
        let response = try await server.post(#"query($id: ID!) { launch(id: $id) { id } }"#, variables: ["id": 25])
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(JSONPath.string(response.json, "data", "launch", "id") == "25")
        let viaGET = await server.get(#"query($id: ID!) { launch(id: $id) { id } }"#, variables: #"{"id":25}"#)
        #expect(JSONPath.string(viaGET.json, "data", "launch", "id") == "25")
    }

    @Test func aBookingTakesIntegerIDsAndASingleID() async throws {
        let server = try TestServer()
        let token = try await server.login("coerce@example.com")
        let list = try await server.post(
            #"mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success launches { id } } }"#, variables: ["ids": [3, "4"]], authorization: token
        )
        #expect(JSONPath.value(list.json, "data", "bookTrips", "success") as? Bool == true, "\(String(decoding: list.body, as: UTF8.self))")
        // A single value where a list is expected is a list of one.
        let single = try await server.post(
            #"mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success launches { id } } }"#, variables: ["ids": 5], authorization: token
        )
        #expect(JSONPath.string(single.json, "data", "bookTrips", "launches", 0, "id") == "5", "\(String(decoding: single.body, as: UTF8.self))")
    }

    @Test(arguments: [
        // (type, argument, value as JSON, accepted)
        ("ID", "id", #""7""#, true), ("ID", "id", "7", true), ("ID", "id", "7.0", true),
        ("ID", "id", "7.5", false), ("ID", "id", "true", false), ("ID", "id", #"{"a":1}"#, false),
        ("Float", "f", "2", true), ("Float", "f", "2.5", true), ("Float", "f", "-1e3", true), ("Float", "f", #""2.5""#, false),
        ("Int", "n", "3", true), ("Int", "n", "3.0", true), ("Int", "n", "3.5", false), ("Int", "n", #""3""#, false),
        ("Int", "n", "3000000000", false),
        ("[ID!]", "ids", #"[1,"2"]"#, true), ("[ID!]", "ids", "1", true), ("[ID!]", "ids", "[1,null]", false),
        ("[ID!]", "ids", "[1.5]", false),
    ])
    func scalarsAndLists(_ type: String, _ argument: String, _ json: String, _ accepted: Bool) async throws {
        let status = try await Self.status(type, argument, json)
        #expect(status == (accepted ? 200 : 400), "$v: \(type) = \(json)")
    }

    @Test func nullAgainstNullability() async throws {
        // Null for a nullable variable is fine; for a non-null one it is an error, as is a missing one.
        #expect(try await Self.status("ID", "id", "null") == 200)
        let server = try Self.server()
        let nullForNonNull = try await server.post("query($r: ID!) { probe(req: $r) }", variables: ["r": NSNull()])
        #expect(nullForNonNull.status == 400)
        let missing = try await server.post("query($r: ID!) { probe(req: $r) }", variables: [:])
        #expect(missing.status == 400)
    }

    @Test(arguments: [
        (#"{"id":1}"#, true),
        (#"{"id":"a","size":3,"count":4,"tags":"one"}"#, true),
        (#"{"id":1,"nested":{"id":2,"count":2.0}}"#, true),
        (#"{"size":1.5}"#, false),
        (#"{"id":null}"#, false),
        (#"{"id":1,"count":1.5}"#, false),
        (#"{"id":1,"nested":{"id":2,"count":2.5}}"#, false),
        (#"{"id":1,"unknown":1}"#, false),
        (#"[{"id":1}]"#, false),
    ])
    func inputObjects(_ json: String, _ accepted: Bool) async throws {
        #expect(try await Self.status("Probe", "input", json) == (accepted ? 200 : 400), "\(json)")
    }
}
