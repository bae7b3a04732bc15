import Foundation
import GraphQLClient
import Transport
import RocketReserverAPI
import Testing

/// An answer must hold every field its operation selected before it is used or cached.
@Suite(.timeLimit(.minutes(5)))
struct ResponseShapeTests {
    /// The generated `LaunchDetails` query: the tutorial's own selections.
    private let operation = LaunchDetailsQuery.operation

    private func parse(_ json: String) async throws -> GraphQLResponse {
        let request = GraphQLRequest(operation: operation, variables: ["launchId": "1"], cachePolicy: .networkOnly)
        let next = GraphQLInterceptorNext { _ in
            GraphQLResponse(source: .network, http: HTTPResponse(statusCode: 200, body: Data(json.utf8)))
        }
        return try await ResponseParsingInterceptor().intercept(request, next: next)
    }

    @Test func aCompleteAnswerPasses() async throws {
        let response = try await parse(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":null,"mission":{"__typename":"Mission","name":"M","missionPatch":null},"rocket":null,"isBooked":false}}}"#)
        #expect(response.body?.data?["launch"]?["id"]?.stringValue == "1")
        let unknown = try await parse(#"{"data":{"launch":null}}"#)
        #expect(unknown.body?.data?["launch"]?.isNull == true)
    }

    @Test(arguments: [
        (#"{"data":{"launch":{"id":5}}}"#, "launch.__typename is missing"),
        (#"{"data":{"launch":{"__typename":"Launch","id":"1","site":"S","mission":{"__typename":"Mission","name":"M","missionPatch":null},"rocket":null}}}"#, "launch.isBooked is missing"),
        (#"{"data":{"launch":{"__typename":"Launch","id":"1","site":"S","mission":"M","rocket":null,"isBooked":true}}}"#, "launch.mission is a value where an object was expected"),
        (#"{"data":{"launch":{"__typename":"Launch","id":{"x":1},"site":"S","mission":null,"rocket":null,"isBooked":true}}}"#, "launch.id is an object where a value was expected"),
        (#"{"data":{}}"#, "launch is missing"),
    ])
    func anAnswerLackingASelectedFieldIsTheWrongShape(_ json: String, problem: String) async throws {
        let error = await #expect(throws: GraphQLClientError.self) { try await parse(json) }
        #expect(error?.kind == .unexpectedShape(problem))
    }

    @Test func aRefusedRequestIsAKnownOutcomeButAServerErrorIsNot() {
        for status in [400, 401, 403, 404] {
            #expect(!GraphQLClientError(operationName: "BookTrip", kind: .httpStatus(status)).outcomeIsUnknown)
        }
        for status in [500, 502, 503] {
            #expect(GraphQLClientError(operationName: "BookTrip", kind: .httpStatus(status)).outcomeIsUnknown)
        }
    }
}
