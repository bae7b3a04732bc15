import Domain
import Ports
@testable import TerminalPresenters
import TerminalModel
import TestExpectations
import Testing
import Presentation

/// Server text built to defeat the 1,000-character cut and the cell measure: floods of
/// combining marks, long ZWJ chains, regional indicators, variation selectors, Hangul jamo and
/// prepended letters. Every shown value stays within `limit` characters and `limit` × 4 bytes,
/// and every table line within its terminal's cells, measured conservatively (a terminal that
/// draws each emoji of a chain, or each spacing code point, on its own).
@Suite("Hostile text bounds", .serialized, .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileTextBoundTests {
    static let joiner = "\u{200D}"

    /// Values a hostile server could send, by name.
    static let hostile: [(String, String)] = [
        ("combining flood", "e" + String(repeating: "\u{301}", count: 100_000)),
        ("combining marks on every letter", String(repeating: "a\u{301}\u{302}\u{303}", count: 50_000)),
        ("3,001 emoji joined by ZWJ", Array(repeating: "👩", count: 3_001).joined(separator: joiner)),
        ("ZWJ chains of 10 emoji", String(repeating: Array(repeating: "🚀", count: 10).joined(separator: joiner) + " ", count: 2_000)),
        ("regional indicator flood", String(repeating: "🇯", count: 100_001)),
        ("variation selector flood", "❤" + String(repeating: "\u{FE0F}", count: 100_000)),
        ("Hangul leading jamo run", String(repeating: "\u{1100}", count: 100_000)),
        ("Hangul jamo, a few per cluster", String(repeating: "\u{1100}\u{1100}\u{1100}\u{1161}", count: 20_000)),
        ("prepended letters", String(repeating: "\u{0D4E}", count: 100_000) + "a"),
        ("a few prepended letters per cluster", String(repeating: "\u{0D4E}\u{0D4E}\u{0D4E}a", count: 20_000)),
        ("one 10 MB line without spaces", String(repeating: "x", count: 10_000_000)),
        ("a million short lines", String(repeating: "ab\n", count: 1_000_000)),
        ("CJK", String(repeating: "東京", count: 100_000)),
    ]

    @Test("A sanitised value is at most the limit in characters and 4 × the limit in bytes", arguments: hostile.map(\.0))
    func valueBounds(name: String) async throws {
        let text = try #require(Self.hostile.first { $0.0 == name }?.1)
        let limits = [DisplayText.defaultLimit, 300, 80, 1]
        let shown = await LinearTime.offThePool { limits.map { DisplayText.sanitized(text, limit: $0) } }
        for (limit, shown) in zip(limits, shown) {
            #expect(shown.count <= limit)
            #expect(shown.utf8.count <= limit * DisplayText.bytesPerCharacter)
            #expect(shown.unicodeScalars.count <= limit * DisplayText.maximumScalarsPerCharacter)
            #expect(!shown.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
    }

    @Test("A character of more than 32 code points becomes one U+FFFD; text around it stays")
    func longClustersReplaced() {
        let flood = "e" + String(repeating: "\u{301}", count: 100_000)
        #expect(DisplayText.sanitized("abc" + flood + "def") == "abc\u{FFFD}def")
        let chain = Array(repeating: "👩", count: 3_001).joined(separator: Self.joiner)
        #expect(DisplayText.sanitized(chain) == "\u{FFFD}")
        // Ordinary emoji sequences are kept.
        for kept in ["👨‍👩‍👧‍👦", "🏳️‍🌈", "🇯🇵", "👍🏽", "1️⃣", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "e\u{301}"] {
            #expect(DisplayText.sanitized(kept) == kept)
        }
    }

    @Test("Text cut by bytes ends in an ellipsis within the byte bound")
    func cutByBytes() {
        let flags = String(repeating: "🇯🇵", count: 1_000)  // 8 bytes each: 8,000 bytes in 1,000 characters
        let shown = DisplayText.sanitized(flags)
        #expect(shown.hasSuffix("…"))
        #expect(shown.utf8.count <= 4_000)
        #expect(shown.count == 500)  // 499 flags (3,992 bytes) and the ellipsis (3 bytes)
        // A value within both bounds is unchanged.
        #expect(DisplayText.sanitized(String(repeating: "🇯🇵", count: 500)) == String(repeating: "🇯🇵", count: 500))
    }

    @Test("Long ZWJ chains and runs of spacing code points are measured as a terminal may draw them")
    func conservativeWidths() {
        #expect(TerminalCellWidth.of(Array(repeating: "👩", count: 3_001).joined(separator: Self.joiner)) == 6_002)
        #expect(TerminalCellWidth.of(Array(repeating: "🚀", count: 5).joined(separator: Self.joiner)) == 10)
        #expect(TerminalCellWidth.of(Array(repeating: "🚀", count: 4).joined(separator: Self.joiner)) == 2)
        #expect(TerminalCellWidth.of("\u{1100}\u{1100}\u{1100}\u{1161}") == 6)
        #expect(TerminalCellWidth.of("\u{0D4E}\u{0D4E}a") == 3)
        #expect(TerminalCellWidth.of("🇯🇵🇯🇵🇯") == 6)
        #expect(TerminalCellWidth.of("❤" + String(repeating: "\u{FE0F}", count: 10)) == 2)
    }

    @Test("Launch tables of hostile values fit 80 cells per line, conservatively measured", arguments: hostile.map(\.0))
    func tablesFitEightyColumns(name: String) async throws {
        let text = try #require(Self.hostile.first { $0.0 == name }?.1)
        let lines = await LinearTime.offThePool { () -> [String] in
            let launches = (1...3).map { index in
                Launch(id: LaunchID(trusted: "\(index)"), site: text, mission: Mission(name: text, missionPatch: nil))
            }
            let output = CapturingOutput()
            HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, width: 80)
                .present(LaunchPage(launches: launches, cursor: "c", hasMore: false))
            return output.lines
        }
        #expect(lines.count == 4)
        for line in lines {
            #expect(TerminalCellWidth.of(line) <= 80)
            #expect(Self.drawnCells(line) <= 80)
            #expect(line.utf8.count <= 80 * 4 * DisplayText.maximumScalarsPerCharacter)
        }
    }

    /// The cells a terminal that draws every spacing code point on its own (no emoji
    /// sequences, no conjoining jamo) would fill; a regional indicator alone is a letter (1).
    static func drawnCells(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ((0x1F1E6...0x1F1FF).contains($1.value) ? 1 : TerminalCellWidth.of($1)) }
    }

    @Test("Column fitting takes whole rounds of turns: huge natural widths fit at once, as the turns would")
    func fittingHugeWidths() {
        #expect(ColumnFitting.widths([10_000_000, 10_000_000, 3], within: 80, gutter: 2) == [36, 37, 3])
        #expect(ColumnFitting.widths([9, 9, 9], within: 20, gutter: 2) == [5, 5, 6])
        #expect(ColumnFitting.widths([5_000_000, 2, 7_000_000], within: 10, gutter: 2) == [2, 2, 2])
    }
}
