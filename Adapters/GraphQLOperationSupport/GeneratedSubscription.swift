import GraphQLClient
import JSON

/// A subscription generated from a `.graphql` file (see ``GeneratedDocument``). A streaming
/// transport sends ``GeneratedDocument/document`` (or ``subscription``'s) and turns each event
/// into ``GeneratedDocument/Data`` with ``event(data:)``.
public protocol GeneratedSubscription: GeneratedDocument {
    /// The same selections as the client sees them (fragments merged in, `__typename` added).
    static var subscription: GraphQLSubscriptionOperation { get }
}

extension GeneratedSubscription {
    /// One event's `data` as the typed model, checked first against what was selected with
    /// these variables; an event that does not fit is the client's `unexpectedShape` error.
    public func event(data: [String: JSONValue]) throws(GraphQLClientError) -> Data {
        if let problem = Self.subscription.shapeProblem(in: data, variables: variables.jsonValues) {
            throw GraphQLClientError(operationName: Self.operationName, kind: .unexpectedShape(problem))
        }
        do {
            return try Self.decode(data: data)
        } catch {
            throw GraphQLClientError(operationName: Self.operationName, kind: .unexpectedShape(error.description))
        }
    }
}
