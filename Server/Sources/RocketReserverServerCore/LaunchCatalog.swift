import Foundation

/// The launches served, sorted newest first, with lookup by id and cursor paging.
public struct LaunchCatalog: Sendable {
    /// The default number of launches per page.
    public static let defaultPageSize = 20

    /// Why a page could not be produced.
    enum PageError: Error, Equatable {
        /// `pageSize` was below 1.
        case pageSizeTooSmall
        /// The cursor does not decode.
        case invalidCursor
        /// No launch follows the cursor.
        case cursorPastEnd
    }

    private let sorted: [Launch]
    private let keys: [LaunchSortKey]
    private let byID: [String: Launch]

    /// All launches, newest first.
    public var launches: [Launch] { sorted }

    /// Creates a catalog from a checked dataset.
    public init(dataset: LaunchDataset) {
        let keyed = dataset.launches.map { launch in
            (LaunchSortKey(date: LaunchDate.parse(launch.date) ?? .distantPast, id: launch.id), launch)
        }.sorted { $0.0 < $1.0 }
        sorted = keyed.map(\.1)
        keys = keyed.map(\.0)
        byID = Dictionary(keyed.map { ($0.1.id, $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    /// The launch with an id, if any.
    public func launch(id: String) -> Launch? {
        byID[id]
    }

    /// Returns the page of launches after a cursor (or from the newest when `after` is nil or empty).
    func page(after: String?, pageSize: Int) throws(PageError) -> LaunchPage {
        guard pageSize >= 1 else {
            throw .pageSizeTooSmall
        }
        var start = 0
        if let after, !after.isEmpty {
            guard let cursor = LaunchCursor.decode(after) else {
                throw .invalidCursor
            }
            start = firstIndex(after: cursor.key)
        }
        guard start < sorted.count else {
            throw .cursorPastEnd
        }
        let end = min(start + pageSize, sorted.count)
        let last = end - 1
        return LaunchPage(
            launches: Array(sorted[start..<end]),
            cursor: LaunchCursor(pointingAt: sorted[last], date: keys[last].date).encoded,
            hasMore: end < sorted.count
        )
    }

    /// Index of the first launch that comes after a key in newest-first order (binary search).
    private func firstIndex(after key: LaunchSortKey) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if key < keys[middle] {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
