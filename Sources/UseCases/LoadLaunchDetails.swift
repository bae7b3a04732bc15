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
        let id = try LaunchID(rawID)
        let freshness: Freshness = forceReload ? .fromServer : .cachedIfAvailable
        guard let details = try await launches.launchDetails(id: id, freshness: freshness) else {
            throw UseCaseError.launchNotFound(id)
        }
        return details
    }
}
