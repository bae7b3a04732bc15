import Domain
import Ports

/// Lists launches a page at a time, or every page (following `cursor` while `hasMore`).
public struct ListLaunches: Sendable {
    /// The most pages ``all(pageSize:after:maximumPages:)`` follows unless told otherwise, as a
    /// guard against a server that never says `hasMore: false` (or changes its cursor forever).
    public static let defaultMaximumPages = 1_000
    /// The largest page limit a caller may ask for.
    public static let maximumPagesLimit = 1_000_000

    private let launches: any LaunchRepository

    public init(launches: any LaunchRepository) {
        self.launches = launches
    }

    /// One page of launches.
    public func callAsFunction(pageSize: Int? = nil, after cursor: String? = nil) async throws -> LaunchPage {
        try await launches.launchPage(LaunchPageRequest(pageSize: pageSize, after: cursor))
    }

    /// One page of launches, from where `freshness` allows (``Freshness/fromServerElseCached``:
    /// the cache when the server cannot be reached, and the answer says so).
    public func page(pageSize: Int? = nil, after cursor: String? = nil, freshness: Freshness) async throws -> Answer<LaunchPage> {
        let request = try LaunchPageRequest(pageSize: pageSize, after: cursor)
        return try await CacheFallback.read(freshness) { try await launches.launchPage(request, freshness: $0) }
    }

    /// Every page, from the first (or from `cursor`) to the last, each as it arrives.
    /// Iterating throws ``UseCaseError/pagingDidNotAdvance(cursor:)`` when the server repeats a
    /// cursor, ``UseCaseError/tooManyPages(limit:)`` when there are still more after
    /// `maximumPages`, and `CancellationError` as soon as the task is cancelled between pages.
    public func pages(
        pageSize: Int? = nil,
        after cursor: String? = nil,
        maximumPages: Int = ListLaunches.defaultMaximumPages,
        freshness: Freshness = .fromServer
    ) -> LaunchPages {
        LaunchPages(launches: launches, pageSize: pageSize, after: cursor, maximumPages: maximumPages, freshness: freshness)
    }

    /// Every launch, from the first page (or from `cursor`) to the last, merged into one page
    /// whose `cursor` is the last page's and whose `hasMore` is `false`.
    /// - Throws: what iterating ``pages(pageSize:after:maximumPages:freshness:)`` throws.
    public func all(
        pageSize: Int? = nil,
        after cursor: String? = nil,
        maximumPages: Int = ListLaunches.defaultMaximumPages
    ) async throws -> LaunchPage {
        var merged: [Launch] = []
        var last = LaunchPage(launches: [], cursor: cursor ?? "", hasMore: false)
        for try await element in pages(pageSize: pageSize, after: cursor, maximumPages: maximumPages) {
            merged += element.page.launches
            last = element.page
        }
        return LaunchPage(launches: merged, cursor: last.cursor, hasMore: false)
    }
}
