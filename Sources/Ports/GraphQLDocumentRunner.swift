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

/// A named text: a `.graphql` document or a `.graphqls` schema, named for diagnostics.
public struct GraphQLSource: Sendable, Equatable {
    /// The name diagnostics use, usually the path as given.
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// What to run: a document, which of its operations, its variables as typed on the command
/// line, and where the schema comes from.
public struct GraphQLDocumentRequest: Sendable, Equatable {
    public var document: GraphQLSource
    /// The operation to run; may be `nil` when the document has one.
    public var operationName: String?
    /// `NAME=VALUE` pairs in the order given, values as typed (coerced by their declared types).
    public var variables: [GraphQLDocumentVariable]
    /// A local schema to validate against instead of the endpoint's.
    public var schema: GraphQLSource?
    /// Whether a query may be answered from the cache (mutations always go to the server).
    public var freshness: Freshness

    public init(
        document: GraphQLSource, operationName: String? = nil, variables: [GraphQLDocumentVariable] = [],
        schema: GraphQLSource? = nil, freshness: Freshness = .cachedIfAvailable
    ) {
        self.document = document
        self.operationName = operationName
        self.variables = variables
        self.schema = schema
        self.freshness = freshness
    }
}

/// One variable's value, as the user typed it (coerced later by its declared type).
public struct GraphQLDocumentVariable: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An answer: its `data` (JSON, fields in the order selected), the server's errors, and whether
/// it came from the cache.
public struct GraphQLDocumentAnswer: Sendable, Equatable {
    /// The `data` object as JSON text; `nil` when the server answered errors only.
    public var data: String?
    /// The server's errors as sentences (sanitised, shortened); empty on success.
    public var errors: [String]
    public var fromCache: Bool

    public init(data: String?, errors: [String] = [], fromCache: Bool = false) {
        self.data = data
        self.errors = errors
        self.fromCache = fromCache
    }
}
