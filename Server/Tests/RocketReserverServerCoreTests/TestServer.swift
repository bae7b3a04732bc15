import Foundation
import GraphQL
import RocketReserverServerCore

/// An in-process server (no sockets) for driving the GraphQL endpoint from tests.
struct TestServer {
    let service: GraphQLService

    /// A server with the bundled dataset and a fresh in-memory (or file-backed) store.
    init(stateFile: URL? = nil, sdlSuffix: String? = nil, tripsBooked: TripsBookedHub = TripsBookedHub()) throws {
        let data = ServerData(
            catalog: LaunchCatalog(dataset: try LaunchDataset.bundled()),
            store: try BookingStore(stateFile: stateFile),
            tripsBooked: tripsBooked
        )
        if let sdlSuffix {
            // Extra `Query` fields from the suffix resolve to null.
            let schema = try ExecutableSchema.make(
                sdl: try ExecutableSchema.bundledSDL() + "\n" + sdlSuffix,
                extraQueryResolvers: ["probe": { _, _, _, _ in nil }]
            )
            service = GraphQLService(data: data, schema: schema)
        } else {
            service = try GraphQLService(data: data)
        }
    }

    /// POSTs an operation as JSON.
    func post(
        _ query: String,
        variables: [String: Any]? = nil,
        operationName: String? = nil,
        authorization: String? = nil
    ) async throws -> GraphQLHTTPResponse {
        var body: [String: Any] = ["query": query]
        if let variables { body["variables"] = variables }
        if let operationName { body["operationName"] = operationName }
        let data = try JSONSerialization.data(withJSONObject: body)
        return await service.handle(GraphQLHTTPRequest(method: "POST", body: data, authorization: authorization))
    }

    /// Sends an operation as a GET with URL query parameters.
    func get(_ query: String, variables: String? = nil, authorization: String? = nil) async -> GraphQLHTTPResponse {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "query", value: query)]
            + (variables.map { [URLQueryItem(name: "variables", value: $0)] } ?? [])
        return await service.handle(
            GraphQLHTTPRequest(method: "GET", query: components.percentEncodedQuery, authorization: authorization)
        )
    }

    /// Logs in and returns the token.
    func login(_ email: String) async throws -> String {
        let response = try await post(#"mutation($e: String) { login(email: $e) { token } }"#, variables: ["e": email])
        guard let token = JSONPath.string(response.json, "data", "login", "token") else {
            throw TestFailure("login of \(email) returned no token: \(String(decoding: response.body, as: UTF8.self))")
        }
        return token
    }
}

/// A failure raised by test helpers.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
