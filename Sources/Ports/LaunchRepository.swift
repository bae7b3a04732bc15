import Domain

/// Reads launches: pages of the list, and one launch's details.
public protocol LaunchRepository: Sendable {
    /// One page of launches, newest first, from where `freshness` allows.
    func launchPage(_ request: LaunchPageRequest, freshness: Freshness) async throws -> LaunchPage

    /// The details of one launch, or `nil` when the server knows no launch with that id.
    func launchDetails(id: LaunchID, freshness: Freshness) async throws -> LaunchDetails?
}

extension LaunchRepository {
    /// One page of launches, from the server.
    public func launchPage(_ request: LaunchPageRequest) async throws -> LaunchPage {
        try await launchPage(request, freshness: .fromServer)
    }
}
