import Foundation
import GraphQL

/// The GraphQL endpoint's logic, without HTTP plumbing: decodes a request, parses, validates
/// and executes it against the schema, and chooses the status code.
///
/// - Syntax errors: 400 `GRAPHQL_PARSE_FAILED`; validation errors: 400 `GRAPHQL_VALIDATION_FAILED`;
///   bad variable values: 400 `BAD_USER_INPUT`; malformed body: 400 `BAD_REQUEST`;
///   a mutation over `GET`: 405. Resolver errors: 200 with `data` and `errors`.
/// - GraphQL over HTTP: the answer is `application/graphql-response+json` when the `Accept`
///   header prefers it, else `application/json` (also for `*/*` or no header); an `Accept`
///   that allows neither is 406. A `POST` whose `Content-Type` is not `application/json`
///   (utf-8) is 415. The statuses above are the spec's for the new type; with the legacy type
///   they stay the same (Apollo Server's 400s, which the hosted server answers too).
/// - Persisted queries (`extensions.persistedQuery`) follow the ``PersistedQueryPolicy``.
public final class GraphQLService: Sendable {
    /// The executable schema.
    public let schema: GraphQLSchema
    /// Catalog and store served.
    public let data: ServerData
    private let cache = DocumentCache()
    private let persistedQueries: PersistedQueryRegistry

    /// Creates the service, building the schema from `sdl` (the bundled SDL by default).
    public init(data: ServerData, sdl: String? = nil, persistedQueries: PersistedQueryPolicy = .automatic) throws {
        schema = try ExecutableSchema.make(sdl: try sdl ?? ExecutableSchema.bundledSDL())
        self.data = data
        self.persistedQueries = PersistedQueryRegistry(policy: persistedQueries)
    }

    /// Creates the service over a schema built with ``ExecutableSchema/make(sdl:extraQueryResolvers:)``.
    public init(data: ServerData, schema: GraphQLSchema, persistedQueries: PersistedQueryPolicy = .automatic) {
        self.schema = schema
        self.data = data
        self.persistedQueries = PersistedQueryRegistry(policy: persistedQueries)
    }

    /// Answers one HTTP request.
    public func handle(_ request: GraphQLHTTPRequest) async -> GraphQLHTTPResponse {
        guard let mediaType = ResponseMediaType.negotiate(accept: request.accept) else {
            let error = RequestFailure(
                status: 406,
                errors: [GraphQLError(message: "The endpoint answers application/graphql-response+json or application/json; the Accept header allows neither.")],
                code: "NOT_ACCEPTABLE"
            )
            return GraphQLHTTPResponse(status: 406, body: ResponseJSON.encode(data: nil, includeData: false, errors: error.errors, defaultCode: error.code))
        }
        do {
            var response = try await execute(request)
            response.mediaType = mediaType
            return response
        } catch {
            return GraphQLHTTPResponse(
                status: error.status,
                headers: error.headers,
                body: ResponseJSON.encode(data: nil, includeData: false, errors: error.errors, defaultCode: error.code),
                mediaType: mediaType
            )
        }
    }

    private func execute(_ request: GraphQLHTTPRequest) async throws(RequestFailure) -> GraphQLHTTPResponse {
        let isGET = request.method == "GET"
        let operationRequest: GraphQLOperationRequest
        switch request.method {
        case "GET":
            operationRequest = try GraphQLOperationRequest.fromGET(query: request.query)
        case "POST":
            guard ResponseMediaType.readsRequestBody(contentType: request.contentType) else {
                throw RequestFailure(
                    status: 415,
                    errors: [GraphQLError(message: "A POST must carry its operation as application/json (utf-8).")],
                    code: "UNSUPPORTED_MEDIA_TYPE"
                )
            }
            operationRequest = try GraphQLOperationRequest.fromPOST(body: request.body ?? Data())
        default:
            throw RequestFailure(
                status: 405,
                errors: [GraphQLError(message: "The GraphQL endpoint accepts GET and POST only.")],
                code: "METHOD_NOT_ALLOWED",
                headers: ["Allow": "GET, POST"]
            )
        }
        let (text, registerAs) = try persistedQueries.documentText(for: operationRequest)
        let document = try document(for: text)
        if let registerAs { persistedQueries.register(text, as: registerAs) }
        let operation = try selectOperation(in: document, named: operationRequest.operationName)
        if isGET, operation.operation != .query {
            throw RequestFailure(
                status: 405,
                errors: [GraphQLError(message: "Can only perform a \(operation.operation.rawValue) operation from a POST request.")],
                code: "METHOD_NOT_ALLOWED",
                headers: ["Allow": "POST"]
            )
        }
        guard operation.operation != .subscription else {
            throw RequestFailure(
                status: 400,
                errors: [GraphQLError(message: "Subscriptions are not supported over HTTP.")],
                code: "BAD_REQUEST"
            )
        }
        try VariableCoercion.check(operation.variableDefinitions, operationRequest.variables, schema: schema)
        let context = ResolverContext(user: currentUser(authorization: request.authorization), data: data)
        let result: GraphQLResult
        do {
            result = try await GraphQL.execute(
                schema: schema,
                documentAST: document,
                rootValue: (),
                context: context,
                variableValues: operationRequest.variables,
                operationName: operationRequest.operationName
            )
        } catch {
            throw RequestFailure(status: 500, errors: [GraphQLError(error)], code: "INTERNAL_SERVER_ERROR")
        }
        // Without data and without a field path, the errors come from coercing variables.
        if result.data == nil, !result.errors.isEmpty, result.errors.allSatisfy({ $0.path.elements.isEmpty }) {
            throw RequestFailure(status: 400, errors: result.errors, code: "BAD_USER_INPUT")
        }
        return GraphQLHTTPResponse(
            status: 200,
            body: ResponseJSON.encode(
                data: result.data,
                includeData: true,
                errors: result.errors,
                defaultCode: "INTERNAL_SERVER_ERROR"
            )
        )
    }

    /// Parses and validates a query, using the cache.
    func document(for query: String) throws(RequestFailure) -> Document {
        if let cached = cache.document(for: query) {
            return cached
        }
        let document: Document
        do {
            document = try parse(source: Source(body: query, name: "GraphQL request"))
        } catch let error as GraphQLError {
            throw RequestFailure(status: 400, errors: [error], code: "GRAPHQL_PARSE_FAILED")
        } catch {
            throw RequestFailure(status: 400, errors: [GraphQLError(error)], code: "GRAPHQL_PARSE_FAILED")
        }
        let errors = validate(schema: schema, ast: document)
        guard errors.isEmpty else {
            throw RequestFailure(status: 400, errors: errors, code: "GRAPHQL_VALIDATION_FAILED")
        }
        cache.store(document, for: query)
        return document
    }

    func selectOperation(in document: Document, named name: String?) throws(RequestFailure) -> OperationDefinition {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        let selected: OperationDefinition?
        if let name {
            selected = operations.first { $0.name?.value == name }
        } else {
            selected = operations.count == 1 ? operations.first : nil
        }
        guard let selected else {
            let message =
                name.map { "Unknown operation named \"\($0)\"." }
                ?? "Must provide operation name if query contains multiple operations."
            throw RequestFailure(status: 400, errors: [GraphQLError(message: message)], code: "OPERATION_RESOLUTION_FAILURE")
        }
        return selected
    }

    /// The user a request's `Authorization` header identifies; anonymous for missing or garbage values.
    func currentUser(authorization: String?) -> UserRecord? {
        guard let email = AuthToken.email(fromAuthorizationHeader: authorization) else {
            return nil
        }
        return try? data.store.user(email: email)
    }
}
