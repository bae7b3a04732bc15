/// Finds the word the user probably meant: the only candidate the typed text is a prefix of,
/// else the nearest one within an edit distance of 2 (ties go to the earlier candidate).
public enum Suggestion {
    public static let maximumDistance = 2

    /// The candidate closest to `typed`, or `nil` when none is close.
    public static func closest(to typed: String, among candidates: [String]) -> String? {
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        let prefixed = candidates.filter { $0.hasPrefix(typed) && $0 != typed }
        if prefixed.count == 1, let only = prefixed.first, typed.count >= 2 { return only }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate)
            if distance <= maximumDistance, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each count 1.
    public static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
