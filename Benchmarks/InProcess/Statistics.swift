/// Medians and percentiles of repeated measurements.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    var count: Int { values.count }
    var median: Double { percentile(50) }
    var p90: Double { percentile(90) }

    /// The nearest-rank percentile (the median of an even count averages the two middle values).
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        if p == 50 {
            let middle = sorted.count / 2
            return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// Times `body` with the continuous clock, in seconds.
func timed<T>(_ body: () async throws -> T) async rethrows -> (seconds: Double, value: T) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try await body()
    return ((clock.now - start).seconds, value)
}

/// Formats seconds with a unit that keeps three significant digits readable.
func formatSeconds(_ seconds: Double) -> String {
    if seconds.isNaN { return "-" }
    if seconds >= 1 { return format(seconds, 2) + " s" }
    if seconds >= 1e-3 { return format(seconds * 1e3, 2) + " ms" }
    return format(seconds * 1e6, 1) + " µs"
}

func format(_ value: Double, _ decimals: Int) -> String {
    if value.isNaN || value.isInfinite { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    // String(Double) may use exponent notation for large or small values; fall back to Int when whole.
    if decimals == 0 || rounded == rounded.rounded(), abs(rounded) < 1e15 {
        text = String(Int(rounded))
        if decimals > 0 { text += "." + String(repeating: "0", count: decimals) }
        return text
    }
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...]
        if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
    }
    return text
}

func formatCount(_ value: Double) -> String {
    let whole = Int(value.rounded())
    var digits = Array(String(whole))
    var index = digits.count - 3
    while index > 0 {
        digits.insert(",", at: index)
        index -= 3
    }
    return String(digits)
}

/// A table printed as aligned text, or as Markdown.
struct Table {
    let title: String
    let header: [String]
    var rows: [[String]] = []
    var notes: [String] = []

    init(title: String, header: [String]) {
        self.title = title
        self.header = header
    }

    mutating func row(_ cells: String...) { rows.append(cells) }

    func render(markdown: Bool) -> String {
        var out = ""
        if markdown {
            out += "#### " + title + "\n\n"
            out += "| " + header.joined(separator: " | ") + " |\n"
            out += "|" + header.map { _ in "---" }.joined(separator: "|") + "|\n"
            for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
            if !notes.isEmpty { out += "\n" + notes.map { "- " + $0 }.joined(separator: "\n") + "\n" }
            return out + "\n"
        }
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: max(widths[index] - cell.count, 0))
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        out += "== " + title + "\n"
        out += line(header) + "\n"
        for row in rows { out += line(row) + "\n" }
        for note in notes { out += "  * " + note + "\n" }
        return out + "\n"
    }
}
