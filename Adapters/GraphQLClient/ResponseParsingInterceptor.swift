import GraphQLDocuments

/// Turns the HTTP answer into a GraphQL body, throwing a typed error for anything else.
///
/// - An HTTP error status with a GraphQL body keeps the server's errors (and the status);
///   without one it is ``GraphQLClientError/Kind/httpStatus(_:)``. So an answer of the
///   GraphQL-over-HTTP spec's `application/graphql-response+json`, read whatever its status,
///   reports a 400's errors as those errors; a legacy `application/json` 4xx with a GraphQL
///   body is read the same way, and any body that is not one (a proxy's HTML) is the status.
/// - `errors` without `data` is ``GraphQLClientError/Kind/graphQLErrors(_:)``; with `data` it
///   is ``GraphQLClientError/Kind/partialData(data:errors:)``.
/// - `data` that lacks a selected field, or has an object where a value belongs (or the
///   reverse), is ``GraphQLClientError/Kind/unexpectedShape(_:)``: see ``ResponseShape``.
/// - `data` the request's ``GraphQLRequest/validate`` rejects throws that validator's error.
public struct ResponseParsingInterceptor: GraphQLInterceptor {
    public init() {}

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        var response = try await next(request)
        guard response.body == nil, let http = response.http else { return response }
        let operation = request.operation.name
        let status = http.statusCode
        let isSuccess = (200..<300).contains(status)
        func failure(_ kind: GraphQLClientError.Kind) -> GraphQLClientError {
            GraphQLClientError(operationName: operation, kind: kind, statusCode: status)
        }
        let body: GraphQLResponseBody
        do {
            body = try GraphQLResponseDecoder.decode(http.body)
        } catch .notJSON {
            throw failure(isSuccess ? .notJSON : .httpStatus(status))
        } catch .unexpectedShape(let reason) {
            throw failure(isSuccess ? .unexpectedShape(reason) : .httpStatus(status))
        }
        if !body.errors.isEmpty {
            if let data = body.data { throw failure(.partialData(data: data, errors: body.errors)) }
            throw failure(.graphQLErrors(body.errors))
        }
        guard isSuccess else { throw failure(.httpStatus(status)) }
        guard let data = body.data else { throw failure(.unexpectedShape("data is null and there are no errors")) }
        if let problem = ResponseShape.problem(in: data, selections: request.operation.selections, variables: request.variables) {
            throw failure(.unexpectedShape(problem))
        }
        // The caller's own check, still before anything is cached.
        try request.validate?(data)
        response.body = body
        return response
    }
}
