import InMemoryAdapters
import Ports
import Testing
import UseCases

/// `RunGraphQLDocument` and `ShowSchema` against the in-memory console.
struct RunGraphQLDocumentTests {
    let document = GraphQLSource(name: "Q.graphql", text: "query Q { hello }")

    @Test func forceReloadAsksForAnAnswerFromTheServer() async throws {
        let console = InMemoryGraphQLConsole(answers: ["": .success(GraphQLConsoleAnswer(data: "{}"))])
        let run = RunGraphQLDocument(console: console)
        _ = try await run(document: document)
        _ = try await run(document: document, operationName: "Q", forceReload: true)
        let requests = await console.requests
        #expect(requests.map(\.freshness) == [.cachedIfAvailable, .fromServer])
        #expect(requests.map(\.operationName) == [nil, "Q"])
    }

    @Test func aVariableGivenTwiceIsRefusedBeforeTheConsoleIsAsked() async throws {
        let console = InMemoryGraphQLConsole(answers: ["": .success(GraphQLConsoleAnswer(data: "{}"))])
        let twice = [GraphQLConsoleVariable(name: "id", value: "1"), GraphQLConsoleVariable(name: "id", value: "2")]
        await #expect(throws: GraphQLConsoleError.invalidVariable(name: "id", problem: "is given more than once")) {
            try await RunGraphQLDocument(console: console)(document: document, variables: twice)
        }
        #expect(await console.requests.isEmpty)
    }

    @Test func showSchemaReturnsTheConsolesSDL() async throws {
        let console = InMemoryGraphQLConsole(schema: "type Query { a: Int }\n")
        #expect(try await ShowSchema(console: console)() == "type Query { a: Int }\n")
    }
}
