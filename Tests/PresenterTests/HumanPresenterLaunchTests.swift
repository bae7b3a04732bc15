import Domain
import Ports
@testable import TerminalPresenters
import TerminalModel
import Testing

/// The human presenter's launch table and next-page footer.
@Suite("HumanPresenter launches", .timeLimit(.minutes(5)))
struct HumanPresenterLaunchTests {
    let output = CapturingOutput()

    func present(_ page: LaunchPage) -> [String] {
        HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words).present(page)
        return output.lines
    }

    @Test("Every row's columns start where the header's do, also with non-ASCII text")
    func alignedColumns() throws {
        let lines = present(LaunchPage(launches: PresenterFixtures.launches, cursor: "1583", hasMore: false))
        try #require(lines.count == 1 + PresenterFixtures.launches.count)
        let header = lines[0]
        #expect(header.hasPrefix("ID"))
        let missionColumn = try #require(ColumnProbe.offset(of: "MISSION", in: header))
        let siteColumn = try #require(ColumnProbe.offset(of: "SITE", in: header))
        let expected: [(String, String)] = [
            ("Starlink-3", "CCAFS SLC 40"),
            ("Éclair ünïcødé ñ", "Kwajalein Atoll"),
            ("—", "—"),
            ("Crew 🚀 \"One\"\u{FFFD}tab", #"Vandenberg "SLC-4E" \ west"#),
        ]
        for (line, (mission, site)) in zip(lines.dropFirst(), expected) {
            #expect(ColumnProbe.text(of: line, from: missionColumn).hasPrefix(mission + "  "), "\(line)")
            #expect(ColumnProbe.text(of: line, from: siteColumn) == site, "\(line)")
            #expect(line.hasSuffix(site), "no trailing padding after the last column")
        }
        // The widest mission in cells sets the column, two spaces of gutter after it: the crew's
        // 16 characters take 17 cells (🚀 takes 2), one more than the accented name's 16.
        #expect(siteColumn == missionColumn + 17 + 2)
    }

    @Test("Rows keep the server's order and ids")
    func rowOrder() {
        let lines = present(LaunchPage(launches: PresenterFixtures.launches, cursor: "c", hasMore: false))
        #expect(lines.dropFirst().map { String($0.prefix(while: { $0 != " " })) } == ["109", "25", "1", "7"])
    }

    @Test("The footer names the next page's command only when more launches follow")
    func footerOnlyWhenMore() {
        let more = present(LaunchPage(launches: [PresenterFixtures.starlink], cursor: "1583556631", hasMore: true))
        #expect(more.last == "More launches: rocket-reserver launches --after 1583556631")

        let last = CapturingOutput()
        HumanPresenter(output: last, colorEnabled: false, nextPageCommand: TutorialNextPage.words)
            .present(LaunchPage(launches: [PresenterFixtures.starlink], cursor: "1583556631", hasMore: false))
        #expect(!last.text.contains("More launches"))
        #expect(!last.text.contains("1583556631"))
    }

    @Test("A cursor with shell-special characters is quoted in the footer")
    func footerQuotesCursor() {
        let lines = present(LaunchPage(launches: [], cursor: "a b'c;", hasMore: true))
        #expect(lines.last == #"More launches: rocket-reserver launches --after 'a b'\''c;'"#)
    }

    @Test("An empty page says so instead of printing a bare header")
    func emptyPage() {
        #expect(present(LaunchPage(launches: [], cursor: "", hasMore: false)) == ["No launches found."])
    }

    @Test("Escape sequences and newlines from the server are neutralised")
    func serverTextSanitised() {
        let hostile = Launch(id: LaunchID(trusted: "9"), site: "Site\nInjected line", mission: Mission(name: "\u{1B}[31mRed\u{1B}[0m", missionPatch: nil))
        let lines = present(LaunchPage(launches: [hostile], cursor: "", hasMore: false))
        #expect(lines.count == 2)
        #expect(!output.text.contains("\u{1B}"))
    }
}

/// Finds where a column's text starts in a rendered line, counting terminal cells.
enum ColumnProbe {
    /// The cell offset of the first occurrence of `needle` in `line`.
    static func offset(of needle: String, in line: String) -> Int? {
        guard let range = line.range(of: needle) else { return nil }
        return TerminalCellWidth.of(line[..<range.lowerBound])
    }

    /// The rest of `line` from cell offset `column` (`""` when a wide character spans it).
    static func text(of line: String, from column: Int) -> String {
        var cells = 0
        var index = line.startIndex
        while cells < column, index < line.endIndex {
            cells += TerminalCellWidth.of(line[index])
            index = line.index(after: index)
        }
        return cells == column ? String(line[index...]) : ""
    }
}
