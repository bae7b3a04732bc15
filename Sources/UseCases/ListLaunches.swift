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

    /// Every launch, from the first page (or from `cursor`) to the last, merged into one page
    /// whose `cursor` is the last page's and whose `hasMore` is `false`.
    /// - Throws: ``UseCaseError/pagingDidNotAdvance(cursor:)`` when the server repeats a cursor,
    ///   ``UseCaseError/tooManyPages(limit:)`` when there are still more after `maximumPages`,
    ///   `CancellationError` as soon as the task is cancelled between pages.
    public func all(
        pageSize: Int? = nil,
        after cursor: String? = nil,
        maximumPages: Int = ListLaunches.defaultMaximumPages
    ) async throws -> LaunchPage {
        var page = try await self(pageSize: pageSize, after: cursor)
        var merged = page.launches
        var seenCursors: Set<String> = cursor.map { [$0] } ?? []
        var pages = 1
        while page.hasMore {
            guard seenCursors.insert(page.cursor).inserted else { throw UseCaseError.pagingDidNotAdvance(cursor: page.cursor) }
            guard pages < maximumPages else { throw UseCaseError.tooManyPages(limit: maximumPages) }
            try Task.checkCancellation()
            page = try await self(pageSize: pageSize, after: page.cursor)
            merged += page.launches
            pages += 1
        }
        return LaunchPage(launches: merged, cursor: page.cursor, hasMore: false)
    }
}
