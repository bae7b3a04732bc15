import Foundation

/// The opaque paging cursor: base64 of `v1|<ISO-8601 date>|<launch id>` of the last launch on a page.
///
/// Clients must treat it as an opaque string; the server decodes it back into a sort position.
struct LaunchCursor: Equatable, Sendable {
    /// The position the cursor points at.
    var key: LaunchSortKey

    private static let version = "v1"

    /// Creates the cursor that points at a launch.
    init(pointingAt launch: Launch, date: Date) {
        key = LaunchSortKey(date: date, id: launch.id)
        encodedDate = launch.date
    }

    private init(key: LaunchSortKey, encodedDate: String) {
        self.key = key
        self.encodedDate = encodedDate
    }

    private let encodedDate: String

    /// The opaque string handed to clients.
    var encoded: String {
        Data("\(Self.version)|\(encodedDate)|\(key.id)".utf8).base64EncodedString()
    }

    /// Decodes a cursor string; `nil` when it is not one this server produced.
    static func decode(_ text: String) -> LaunchCursor? {
        guard let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8) else {
            return nil
        }
        let parts = plain.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == version, !parts[2].isEmpty,
            let date = LaunchDate.parse(String(parts[1]))
        else {
            return nil
        }
        return LaunchCursor(key: LaunchSortKey(date: date, id: String(parts[2])), encodedDate: String(parts[1]))
    }
}
