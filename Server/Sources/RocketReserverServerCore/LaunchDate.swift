import Foundation

/// Parsing of the ISO-8601 launch dates used for ordering.
enum LaunchDate {
    /// Parses an ISO-8601 date, with or without fractional seconds.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) {
            return date
        }
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return try? fractional.parse(text)
    }
}
