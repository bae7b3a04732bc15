import InMemoryAdapters
import Ports
import Testing
import UseCases

/// `RunGraphQLDocument` and `ShowSchema` against the in-memory runner.
@Suite(.timeLimit(.minutes(5)))
struct RunGraphQLDocumentTests {
    let document = GraphQLSource(name: "Q.graphql", text: "query Q { hello }")

    @Test func forceReloadAsksForAnAnswerFromTheServer() async throws {
        let runner = InMemoryDocumentRunner(answers: ["": .success(GraphQLDocumentAnswer(data: "{}"))])
        let run = RunGraphQLDocument(runner: runner)
        _ = try await run(document: document)
        _ = try await run(document: document, operationName: "Q", forceReload: true)
        let requests = await runner.requests
        #expect(requests.map(\.freshness) == [.cachedIfAvailable, .fromServer])
        #expect(requests.map(\.operationName) == [nil, "Q"])
    }

    @Test func aVariableGivenTwiceIsRefusedBeforeTheRunnerIsAsked() async throws {
        let runner = InMemoryDocumentRunner(answers: ["": .success(GraphQLDocumentAnswer(data: "{}"))])
        let twice = [GraphQLDocumentVariable(name: "id", value: "1"), GraphQLDocumentVariable(name: "id", value: "2")]
        await #expect(throws: GraphQLDocumentError.repeatedVariable(name: "id")) {
            try await RunGraphQLDocument(runner: runner)(document: document, variables: twice)
        }
        #expect(await runner.requests.isEmpty)
    }

    @Test func showSchemaReturnsTheRunnersSDL() async throws {
        let runner = InMemoryDocumentRunner(schema: "type Query { a: Int }\n")
        #expect(try await ShowSchema(runner: runner)() == "type Query { a: Int }\n")
    }
}
