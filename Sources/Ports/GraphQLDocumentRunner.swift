/// Runs GraphQL documents the user wrote against the endpoint, through the same client as
/// every other command (token, cache, retries), and describes the endpoint's schema.
public protocol GraphQLDocumentRunner: Sendable {
    /// Validates the chosen operation of `request.document` against the schema (the local
    /// one given, else the endpoint's, fetched by introspection and kept per endpoint), coerces
    /// the variables by their declared types, and runs it.
    ///
    /// - Returns: The answer's `data` as JSON text and the server's errors, if any, as sentences.
    /// - Throws: ``GraphQLDocumentError`` for a document, schema or variable that does not fit
    ///   (nothing is sent then); ``ServiceError`` when the server cannot be reached, does not
    ///   accept the login or answers something unreadable.
    func run(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentAnswer

    /// Like ``run(_:)``, for any operation: a query's or a mutation's answer, or, when the chosen
    /// operation is a subscription, its events (see ``GraphQLDocumentOutcome/events(_:)``).
    /// Checks, and throws, as ``run(_:)`` does before anything is sent.
    func perform(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentOutcome

    /// The endpoint's schema as SDL, rebuilt from a fresh introspection (and kept for ``run(_:)``).
    func schemaDefinition() async throws -> String
}

extension GraphQLDocumentRunner {
    /// For a runner that runs no subscriptions: every operation as ``run(_:)`` runs it.
    public func perform(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentOutcome {
        .answer(try await run(request))
    }
}
