import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLClient
import Synchronization

/// A `URLSession` created on the first request rather than with the client.
///
/// A process whose queries are all answered from the cache then never creates one. On Linux,
/// creating the configuration and the session sets up cookie storage, a URL cache and libcurl
/// (with OpenSSL): about a quarter of the instructions of a CLI run answered from the cache.
public final class LazyURLSession: HTTPSession {
    private let makeConfiguration: @Sendable () -> URLSessionConfiguration
    private let session = Mutex<URLSession?>(nil)

    /// - Parameter configuration: Makes the session's configuration, on the first request.
    public init(configuration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral }) {
        self.makeConfiguration = configuration
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let session = self.session.withLock { session in
            if let session { return session }
            let created = URLSession(configuration: makeConfiguration())
            session = created
            return created
        }
        return try await session.send(request)
    }
}
