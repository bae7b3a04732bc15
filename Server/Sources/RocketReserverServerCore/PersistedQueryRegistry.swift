import GraphQL
import Synchronization

/// Resolves a request's document under the server's ``PersistedQueryPolicy``: by its hash, from
/// the documents registered so far (automatic persisted queries, in memory) or from a manifest.
///
/// - `PersistedQueryNotFound` (HTTP 200, `PERSISTED_QUERY_NOT_FOUND`): a hash the server does not hold.
/// - `PersistedQueryNotSupported` (HTTP 200, `PERSISTED_QUERY_NOT_SUPPORTED`): the extension
///   sent to a server without support.
/// - 400 `provided sha does not match query`: a document sent with another document's hash.
/// - 400 `PERSISTED_QUERY_NOT_IN_LIST`: with a safelist, a document the manifest does not list.
final class PersistedQueryRegistry: Sendable {
    let policy: PersistedQueryPolicy
    /// Registered documents by hash; bounded like Apollo Server's in-memory cache (it starts over when full).
    private let registered = Mutex<[String: String]>([:])
    private let capacity: Int

    init(policy: PersistedQueryPolicy, capacity: Int = 1_024) {
        self.policy = policy
        self.capacity = capacity
    }

    /// The document text to run for `request`, and the hash to register it under once it is
    /// found valid (`nil`: nothing to register).
    func documentText(for request: GraphQLOperationRequest) throws(RequestFailure) -> (text: String, registerAs: String?) {
        let hasDocument = !request.query.isEmpty
        guard let persisted = request.persistedQuery else {
            if case .safelist(let manifest) = policy, manifest.bodies[SHA256.hex(request.query)] == nil { throw Self.notInList }
            return (request.query, nil)
        }
        switch policy {
        case .unsupported:
            throw Self.failure(status: 200, message: "PersistedQueryNotSupported", code: "PERSISTED_QUERY_NOT_SUPPORTED")
        case .safelist(let manifest):
            if hasDocument {
                guard SHA256.hex(request.query) == persisted.sha256Hash else { throw Self.mismatch }
                guard manifest.bodies[persisted.sha256Hash] != nil else { throw Self.notInList }
                return (request.query, nil)
            }
            guard let body = manifest.bodies[persisted.sha256Hash] else { throw Self.notFound }
            return (body, nil)
        case .automatic:
            if hasDocument {
                guard SHA256.hex(request.query) == persisted.sha256Hash else { throw Self.mismatch }
                return (request.query, persisted.sha256Hash)
            }
            guard let text = registered.withLock({ $0[persisted.sha256Hash] }) else { throw Self.notFound }
            return (text, nil)
        }
    }

    /// Keeps a valid document under its hash.
    func register(_ text: String, as hash: String) {
        registered.withLock { registered in
            if registered.count >= capacity { registered.removeAll(keepingCapacity: true) }
            registered[hash] = text
        }
    }

    private static let notFound = failure(status: 200, message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND")
    private static let mismatch = RequestFailure.badRequest("provided sha does not match query")
    private static let notInList = failure(
        status: 400, message: "The operation is not in the server's persisted query list.", code: "PERSISTED_QUERY_NOT_IN_LIST"
    )

    private static func failure(status: Int, message: String, code: String) -> RequestFailure {
        RequestFailure(status: status, errors: [GraphQLError(message: message)], code: code)
    }
}
