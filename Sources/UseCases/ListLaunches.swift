import Domain
import Ports

/// Lists launches a page at a time, or every page (following `cursor` while `hasMore`).
public struct ListLaunches: Sendable {
    /// The most pages ``all(pageSize:)`` follows before it stops, as a guard against a server
    /// that never says `hasMore: false`.
    public static let maximumPages = 10_000

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
    /// - Throws: ``UseCaseError/pagingDidNotAdvance(cursor:)`` when the server repeats a cursor.
    public func all(pageSize: Int? = nil, after cursor: String? = nil) async throws -> LaunchPage {
        var page = try await self(pageSize: pageSize, after: cursor)
        var merged = page.launches
        var seenCursors: Set<String> = cursor.map { [$0] } ?? []
        var pages = 1
        while page.hasMore {
            guard seenCursors.insert(page.cursor).inserted, pages < Self.maximumPages else {
                throw UseCaseError.pagingDidNotAdvance(cursor: page.cursor)
            }
            page = try await self(pageSize: pageSize, after: page.cursor)
            merged += page.launches
            pages += 1
        }
        return LaunchPage(launches: merged, cursor: page.cursor, hasMore: false)
    }
}
