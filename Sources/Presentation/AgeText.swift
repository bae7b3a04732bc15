/// How long ago something happened, in words: "less than a second ago", "5 seconds ago", "3 hours ago", "2 days ago".
public enum AgeText {
    /// `age` in the largest whole unit it holds.
    public static func phrase(_ age: Duration) -> String {
        let seconds = max(0, age.components.seconds)
        let (count, unit): (Int64, String) = switch seconds {
        case ..<1: (0, "")
        case ..<60: (seconds, "second")
        case ..<3_600: (seconds / 60, "minute")
        case ..<86_400: (seconds / 3_600, "hour")
        default: (seconds / 86_400, "day")
        }
        guard count > 0 else { return "less than a second ago" }
        return count == 1 ? "1 \(unit) ago" : "\(count) \(unit)s ago"
    }
}
