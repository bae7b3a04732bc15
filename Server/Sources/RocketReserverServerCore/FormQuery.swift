/// Decoding of `application/x-www-form-urlencoded` query strings (`+` means space).
enum FormQuery {
    /// Parses `a=1&b=two+words` into a dictionary; the first occurrence of a name wins.
    static func parse(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            let value = parts.count > 1 ? decode(parts[1]) : ""
            if result[name] == nil, let value {
                result[name] = value
            }
        }
        return result
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
