import Ports

/// A ``GraphQLConsole`` that answers from a script and records what it was asked, for tests.
public actor InMemoryGraphQLConsole: GraphQLConsole {
    /// The answer (or failure) for each operation name; `""` answers any other request.
    private let answers: [String: Result<GraphQLConsoleAnswer, GraphQLConsoleError>]
    private let schema: String
    /// Every request run, in order.
    public private(set) var requests: [GraphQLConsoleRequest] = []
    /// How many times the schema was asked for.
    public private(set) var schemaRequests = 0

    public init(answers: [String: Result<GraphQLConsoleAnswer, GraphQLConsoleError>] = [:], schema: String = "type Query {\n  hello: String\n}\n") {
        self.answers = answers
        self.schema = schema
    }

    public func run(_ request: GraphQLConsoleRequest) async throws -> GraphQLConsoleAnswer {
        requests.append(request)
        guard let answer = answers[request.operationName ?? ""] ?? answers[""] else {
            throw GraphQLConsoleError.unknownOperation(request.operationName ?? "", available: answers.keys.sorted())
        }
        return try answer.get()
    }

    public func schemaDefinition() async throws -> String {
        schemaRequests += 1
        return schema
    }
}
