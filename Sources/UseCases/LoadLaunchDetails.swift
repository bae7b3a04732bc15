import Domain
import Ports

/// Shows one launch, from the cache when possible, or fresh from the server on force reload.
public struct LoadLaunchDetails: Sendable {
    private let launches: any LaunchRepository

    public init(launches: any LaunchRepository) {
        self.launches = launches
    }

    /// The launch's details: cache-first normally, network-only when `forceReload` is set
    /// (the tutorial's `forceReload ? .networkOnly : .cacheFirst`).
    /// - Throws: ``DomainError/invalidLaunchID(reason:)`` before any request for a malformed id;
    ///   ``UseCaseError/launchNotFound(_:)`` when the server knows no such launch.
    public func callAsFunction(id rawID: String, forceReload: Bool = false) async throws -> LaunchDetails {
        try await self(id: rawID, freshness: forceReload ? .fromServer : .cachedIfAvailable).value
    }

    /// The launch's details from where `freshness` allows (``Freshness/cachedOnly`` offline).
    /// - Throws: as ``callAsFunction(id:forceReload:)``; offline, ``Ports/ServiceError`` of
    ///   kind `notCached` when the cache does not hold them.
    public func callAsFunction(id rawID: String, freshness: Freshness) async throws -> Answer<LaunchDetails> {
        let id = try LaunchID(rawID)
        let answer = try await CacheFallback.read(freshness) { try await launches.launchDetails(id: id, freshness: $0) }
        guard let details = answer.value else { throw UseCaseError.launchNotFound(id) }
        return Answer(details, source: answer.source)
    }
}
