import Ports

/// A ``GraphQLDocumentRunner`` that answers from a script and records what it was asked, for tests.
public actor InMemoryDocumentRunner: GraphQLDocumentRunner {
    /// The answer (or failure) for each operation name; `""` answers any other request.
    private let answers: [String: Result<GraphQLDocumentAnswer, GraphQLDocumentError>]
    private let schema: String
    /// A subscription's events for each operation name (`""`: any other), played in order by
    /// ``perform(_:)``, after which the stream ends as a server's completion does.
    private let events: [String: [LiveUpdate<GraphQLDocumentAnswer>]]
    /// A query's parts for each operation name (`""`: any other), played in order by
    /// ``perform(_:)`` when the request asks for its parts as they arrive; the stream then
    /// ends, or fails with ``partsFailure`` when there is one.
    private let parts: [String: [GraphQLDocumentAnswer]]
    private let partsFailure: ServiceError?
    /// Every request run, in order.
    public private(set) var requests: [GraphQLDocumentRequest] = []
    /// How many times the schema was asked for.
    public private(set) var schemaRequests = 0

    public init(
        answers: [String: Result<GraphQLDocumentAnswer, GraphQLDocumentError>] = [:],
        events: [String: [LiveUpdate<GraphQLDocumentAnswer>]] = [:],
        parts: [String: [GraphQLDocumentAnswer]] = [:], partsFailure: ServiceError? = nil,
        schema: String = "type Query {\n  hello: String\n}\n"
    ) {
        self.answers = answers
        self.events = events
        self.parts = parts
        self.partsFailure = partsFailure
        self.schema = schema
    }

    /// The scripted events when there are some for the request's operation; the scripted parts
    /// when the request asks for parts and there are some; else ``run(_:)``'s answer.
    public func perform(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentOutcome {
        if request.incremental, let script = parts[request.operationName ?? ""] ?? parts[""] {
            requests.append(request)
            let failure = partsFailure
            return .parts(LiveStream { emitter in
                for part in script { emitter.yield(part) }
                if let failure { throw failure }
            })
        }
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
