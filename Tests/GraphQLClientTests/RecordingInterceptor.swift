import GraphQLClient

/// Notes when requests pass it on the way in and responses on the way out.
struct RecordingInterceptor: GraphQLInterceptor {
    let name: String
    let log: LineLog

    func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        log.append("\(name) in")
        let response = try await next(request)
        log.append("\(name) out")
        return response
    }
}
