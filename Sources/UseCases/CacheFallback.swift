import Ports

/// Carries out a ``Ports/Freshness`` for one read, doing the fallback itself so that the
/// answer can say it came from the cache.
enum CacheFallback {
    /// `read` with `freshness`; for ``Freshness/fromServerElseCached`` it asks the server, and
    /// when the server cannot be reached, the cache only. A cache miss then rethrows the
    /// server's failure. Any other failure (an answer not understood, a refusal) never falls back.
    static func read<Value: Sendable>(
        _ freshness: Freshness,
        _ read: (Freshness) async throws -> Value
    ) async throws -> Answer<Value> {
        switch freshness {
        case .cachedIfAvailable, .fromServer, .cachedOnly:
            return Answer(try await read(freshness))
        case .fromServerElseCached:
            do {
                return Answer(try await read(.fromServer))
            } catch let failure as ServiceError where isUnreachable(failure.kind) {
                do {
                    return Answer(try await read(.cachedOnly), source: .cacheWhileUnreachable)
                } catch let miss as ServiceError where miss.kind == .notCached {
                    throw failure
                }
            }
        }
    }

    /// The failures that fall back: the server could not be reached or did not answer in time.
    /// A server that cannot be trusted (its certificate, a failed TLS handshake) or a proxy that
    /// refuses is not an unreachable server, and neither is any answer the server gave.
    static func isUnreachable(_ kind: ServiceError.Kind) -> Bool {
        switch kind {
        case .unreachable, .timedOut: true
        case .untrustedCertificate, .tlsFailed, .proxyFailed, .unreadableResponse, .rejected, .unauthenticated, .cancelled, .notCached:
            false
        }
    }
}
