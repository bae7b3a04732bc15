import Domain
import GraphQLClient
import GraphQLServiceMapping
import GraphQLSubscriptions
import PlannedDocuments
import Ports

extension EndpointDocumentRunner {
    /// A subscription's events as answers: each event's `data` as one line of JSON (fields in
    /// the order selected); the server's `error` as a last answer with its messages; the
    /// client's reconnections as ``LiveUpdate/interrupted(_:)`` and ``LiveUpdate/resumed``; its
    /// other failures as ``ServiceError``s. Each iteration subscribes afresh and stops the
    /// subscription when its consumer stops.
    static func events(
        of prepared: PreparedRequest, named name: String, through client: any GraphQLSubscriptionTransport
    ) -> LiveStream<LiveUpdate<GraphQLDocumentAnswer>> {
        let operation = PlannedOperation.subscription(prepared.plan)
        let variables = prepared.variables
        let fields = prepared.plan.fields
        return LiveStream(bufferLimit: client.bufferLimit) { emitter in
            do {
                for try await event in client.subscribe(operation, variables: variables) {
                    switch event {
                    case .started: continue
                    case .data(let data): emitter.yield(.value(GraphQLDocumentAnswer(data: AnswerJSON.line(data, fields: fields))))
                    case .interrupted(let error): emitter.yield(.interrupted(serviceError(error, operation: name)))
                    case .resumed: emitter.yield(.resumed)
                    }
                }
            } catch let error as GraphQLSubscriptionError {
                guard case .rejected(let errors) = error.kind else { throw serviceError(error, operation: name) }
                emitter.yield(.value(GraphQLDocumentAnswer(data: nil, errors: DocumentRunnerErrorMapping.answerErrors(errors))))
            }
        }
    }

    /// The port's error for a subscription failure, in one sanitised sentence.
    static func serviceError(_ error: GraphQLSubscriptionError, operation: String) -> ServiceError {
        ServiceError(ServiceError.Kind(error), operation: operation, detail: error.description)
    }
}
