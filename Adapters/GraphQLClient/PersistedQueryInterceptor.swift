import Digests

/// Sends operations as persisted queries: by the SHA-256 of their document, in Apollo's
/// `extensions.persistedQuery` (`{"version": 1, "sha256Hash": …}`).
///
/// Place it just above ``NetworkFetchInterceptor`` (it reads the raw answers).
/// - ``PersistedQueryMode/automatic``: the hash alone first. On `PersistedQueryNotFound` the
///   request is sent once more with the document and the same extension (which registers it),
///   as `POST`. On `PersistedQueryNotSupported` it is sent again with the document and no
///   extension, and ``PersistedQueryMemory`` notes it, so later requests to the endpoint send
///   full documents at once.
/// - ``PersistedQueryMode/only``: the hash alone, always; a server that does not know it
///   answers ``GraphQLClientError/Kind/persistedDocumentNotFound(id:)`` (or
///   ``GraphQLClientError/Kind/persistedQueriesNotSupported``), never a second request with
///   the document.
/// - ``PersistedQueryMode/off``: requests pass unchanged.
///
/// Mutations are persisted the same way; they are never sent as `GET` (the fetch interceptor's rule).
public struct PersistedQueryInterceptor: GraphQLInterceptor {
    public let mode: PersistedQueryMode
    private let memory: PersistedQueryMemory

    /// - Parameter memory: Where an endpoint's lack of support is kept (the cache's database in
    ///   the CLI); by default for as long as the process runs.
    public init(mode: PersistedQueryMode, memory: PersistedQueryMemory = .inProcess()) {
        self.mode = mode
        self.memory = memory
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        switch mode {
        case .off:
            return try await next(request)
        case .only:
            let (id, response) = try await Self.sendHashOnly(request, next: next)
            switch PersistedQueryAnswer(response) {
            case .notFound:
                throw GraphQLClientError(operationName: request.operation.name, kind: .persistedDocumentNotFound(id: id), statusCode: response.http?.statusCode)
            case .notSupported:
                throw GraphQLClientError(operationName: request.operation.name, kind: .persistedQueriesNotSupported, statusCode: response.http?.statusCode)
            case .other:
                return response
            }
        case .automatic:
            if await memory.isUnsupported() { return try await next(request) }
            let (hash, response) = try await Self.sendHashOnly(request, next: next)
            switch PersistedQueryAnswer(response) {
            case .other:
                return response
            case .notFound:
                // Registers the document; a `POST`, so the long text never goes in a URL.
                var full = request
                full.transmission = GraphQLTransmission(sendsDocument: true, persistedQueryHash: hash, allowsGET: false)
                return try await next(full)
            case .notSupported:
                await memory.noteUnsupported()
                return try await next(request)
            }
        }
    }

    /// Sends `request` by the hash of its document alone; the hash and the raw answer.
    private static func sendHashOnly(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> (hash: String, response: GraphQLResponse) {
        let hash = SHA256.hex(request.operation.document)
        var hashed = request
        hashed.transmission = GraphQLTransmission(sendsDocument: false, persistedQueryHash: hash, allowsGET: request.transmission.allowsGET)
        return (hash, try await next(hashed))
    }
}

/// What a raw answer says about a persisted query: the server does not know the hash, does
/// not support persisted queries, or something else (an answer to pass on).
enum PersistedQueryAnswer: Equatable {
    case notFound
    case notSupported
    case other

    /// The largest body looked into: the two answers are an error or two, never more.
    static let largestBody = 4_096

    init(_ response: GraphQLResponse) {
        self = .other
        guard let http = response.http, http.body.count <= Self.largestBody,
            let body = try? GraphQLResponseDecoder.decode(http.body), body.data == nil
        else { return }
        for error in body.errors {
            // Apollo Router names an id missing from its persisted query list PERSISTED_QUERY_NOT_IN_LIST.
            if error.message == "PersistedQueryNotFound" || ["PERSISTED_QUERY_NOT_FOUND", "PERSISTED_QUERY_NOT_IN_LIST"].contains(error.code) {
                self = .notFound
                return
            }
            if error.message == "PersistedQueryNotSupported" || error.code == "PERSISTED_QUERY_NOT_SUPPORTED" {
                self = .notSupported
                return
            }
        }
    }
}
