import Ports

/// A ``GraphQLDocumentRunner`` that answers from a script and records what it was asked, for tests.
public actor InMemoryDocumentRunner: GraphQLDocumentRunner {
    /// The answer (or failure) for each operation name; `""` answers any other request.
    private let answers: [String: Result<GraphQLDocumentAnswer, GraphQLDocumentError>]
    private let schema: String
    /// A subscription's events for each operation name (`""`: any other), played in order by
    /// ``perform(_:)``, after which the stream ends as a server's completion does.
    private let events: [String: [LiveUpdate<GraphQLDocumentAnswer>]]
    /// Every request run, in order.
    public private(set) var requests: [GraphQLDocumentRequest] = []
    /// How many times the schema was asked for.
    public private(set) var schemaRequests = 0

    public init(
        answers: [String: Result<GraphQLDocumentAnswer, GraphQLDocumentError>] = [:],
        events: [String: [LiveUpdate<GraphQLDocumentAnswer>]] = [:],
        schema: String = "type Query {\n  hello: String\n}\n"
    ) {
        self.answers = answers
        self.events = events
        self.schema = schema
    }

    /// The scripted events when there are some for the request's operation, else ``run(_:)``'s answer.
    public func perform(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentOutcome {
        guard let script = events[request.operationName ?? ""] ?? events[""] else { return .answer(try await run(request)) }
        requests.append(request)
        return .events(LiveStream { emitter in
            for update in script { emitter.yield(update) }
        })
    }

    public func run(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentAnswer {
        requests.append(request)
        guard let answer = answers[request.operationName ?? ""] ?? answers[""] else {
            throw GraphQLDocumentError.unknownOperation(request.operationName ?? "", available: answers.keys.sorted())
        }
        return try answer.get()
    }

    public func schemaDefinition() async throws -> String {
        schemaRequests += 1
        return schema
    }
}
