import Domain
import Ports

/// The pages of a walk through the launch list, each as it arrives (see
/// ``ListLaunches/pages(pageSize:after:maximumPages:freshness:)``).
///
/// Iterating asks for one page at a time, in the caller's task, so cancelling the task (or
/// stopping the loop) stops the walk. It ends after the page whose `hasMore` is `false`.
public struct LaunchPages: AsyncSequence, Sendable {
    /// One page of the walk, with where it stands.
    public struct Element: Sendable, Equatable {
        public var page: LaunchPage
        /// 1 for the first page.
        public var number: Int
        /// The launches in this page and every one before it.
        public var launchCount: Int
        /// Whether the page came from the cache because the server could not be reached.
        public var source: AnswerSource
    }

    let launches: any LaunchRepository
    let pageSize: Int?
    let after: String?
    let maximumPages: Int
    let freshness: Freshness

    public func makeAsyncIterator() -> Iterator {
        Iterator(walk: self, cursor: after, seenCursors: after.map { [$0] } ?? [], freshness: freshness)
    }

    /// Follows the cursors; once a page had to come from the cache, the rest come from the
    /// cache too (without waiting for the server again).
    public struct Iterator: AsyncIteratorProtocol {
        let walk: LaunchPages
        var cursor: String?
        var seenCursors: Set<String>
        var freshness: Freshness
        var number = 0
        var launchCount = 0
        var finished = false
        /// Whether a page had to come from the cache; every later one then does too.
        var fellBack = false

        public mutating func next() async throws -> Element? {
            guard !finished else { return nil }
            if number > 0 {
                try Task.checkCancellation()
                guard number < walk.maximumPages else { throw UseCaseError.tooManyPages(limit: walk.maximumPages) }
            }
            let request = try LaunchPageRequest(pageSize: walk.pageSize, after: cursor)
            let answer = try await CacheFallback.read(freshness) { try await walk.launches.launchPage(request, freshness: $0) }
            if answer.source == .cacheWhileUnreachable {
                freshness = .cachedOnly
                fellBack = true
            }
            let page = answer.value
            number += 1
            launchCount += page.launches.count
            if page.hasMore {
                guard seenCursors.insert(page.cursor).inserted else { throw UseCaseError.pagingDidNotAdvance(cursor: page.cursor) }
                cursor = page.cursor
            } else {
                finished = true
            }
            return Element(page: page, number: number, launchCount: launchCount, source: fellBack ? .cacheWhileUnreachable : .asAsked)
        }
    }
}
