import GraphQLClient
import JSON

/// A subscription generated from a `.graphql` file: its text, its typed variables and the type
/// each event's `data` decodes into. A streaming transport sends ``document`` (or
/// ``subscription``'s) and turns each event into ``Data`` with ``event(data:)``.
public protocol GeneratedSubscription: Sendable, Equatable {
    associatedtype Data: GraphQLSelectionSet
    associatedtype Variables: GraphQLVariables

    /// The subscription's name as written, e.g. `TripsBooked`; empty for an anonymous one.
    static var operationName: String { get }
    /// The document as written: the subscription followed by the fragments it uses, on one line.
    static var document: String { get }
    /// The same selections as the client sees them (fragments merged in, `__typename` added).
    static var subscription: GraphQLSubscriptionOperation { get }

    var variables: Variables { get }
}

extension GeneratedSubscription {
    /// Decodes one event's `data` object into the subscription's typed model.
    public static func decode(data: [String: JSONValue]) throws(GraphQLDecodingError) -> Data {
        try Data(data: data)
    }

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
