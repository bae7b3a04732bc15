#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import GraphQLIncrementalDelivery
import Transport

/// Builders for the usual interceptor chain.
public enum GraphQLInterceptors {
    /// The standard chain, outermost first:
    /// `additional…`, ``CacheReadInterceptor``, ``AuthorizationInterceptor`` (when given),
    /// ``CacheWriteInterceptor``, ``RetryInterceptor``, ``ResponseParsingInterceptor``,
    /// ``PersistedQueryInterceptor`` (unless `persistedQueries` is `.off`), `IncrementalFetchInterceptor`
    /// (operations with `@defer`, module `GraphQLIncrementalDelivery`), ``NetworkFetchInterceptor``.
    ///
    /// Insert interceptors elsewhere by editing the returned array before creating the client.
    ///
    /// `session` is the transport: a `SocketHTTPSession` (module `SocketTransport`: `http://` and
    /// `https://`, TLS from the system's OpenSSL 3), a `URLSession` (module `GraphQLURLSession`)
    /// or any other ``HTTPSession``. `timeout` is measured on `clock`. `persistedQueries` sends
    /// operations by hash (an endpoint without support for them is kept among `cache`'s
    /// settings, ``PersistedQueryMemory/kept(in:for:)``); `usesGET` sends queries as `GET`.
    public static func standard(
        endpoint: URL,
        session: any HTTPSession,
        timeout: Duration = .seconds(30),
        clock: any Clock<Duration> = ContinuousClock(),
        cache: NormalizedCache,
        authorization: AuthorizationInterceptor? = nil,
        retry: RetryInterceptor = RetryInterceptor(),
        additional: [any GraphQLInterceptor] = [],
        persistedQueries: PersistedQueryMode = .off,
        usesGET: Bool = false
    ) -> [any GraphQLInterceptor] {
        var chain = additional
        chain.append(CacheReadInterceptor(cache: cache))
        if let authorization { chain.append(authorization) }
        chain.append(CacheWriteInterceptor(cache: cache))
        chain.append(retry)
        chain.append(ResponseParsingInterceptor())
        if persistedQueries != .off {
            chain.append(PersistedQueryInterceptor(mode: persistedQueries, memory: .kept(in: cache, for: endpoint)))
        }
        chain.append(IncrementalFetchInterceptor(endpoint: endpoint, session: session, timeout: timeout, clock: clock, usesGET: usesGET))
        chain.append(NetworkFetchInterceptor(endpoint: endpoint, session: session, timeout: timeout, clock: clock, usesGET: usesGET))
        return chain
    }
}
