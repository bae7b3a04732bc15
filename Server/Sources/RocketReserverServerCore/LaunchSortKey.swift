import Foundation

/// The position of a launch in the newest-first list.
///
/// A key is "less than" another when it comes earlier in the list: later date first, and for
/// equal dates the larger id first (numerically when both ids are numbers).
struct LaunchSortKey: Comparable, Sendable {
    /// Launch date.
    var date: Date
    /// Launch id.
    var id: String

    static func < (lhs: LaunchSortKey, rhs: LaunchSortKey) -> Bool {
        if lhs.date != rhs.date {
            return lhs.date > rhs.date
        }
        if let left = Int(lhs.id), let right = Int(rhs.id), left != right {
            return left > right
        }
        return lhs.id > rhs.id
    }
}
