import Domain
import Ports
@testable import TerminalPresenters
import TerminalModel
import Testing

/// The launch table laid out in terminal cells, fitted to a width, and hints kept apart.
@Suite("HumanPresenter widths and hints", .timeLimit(.minutes(5)))
struct HumanPresenterWidthTests {
    static let tokyo = launch("1", "東京タワー", "TNSC")
    static let family = launch("22", "Crew 👨‍👩‍👧‍👦 🇯🇵", "KSC")
    static let accent = launch("4", "e\u{301}toile", "CSG")
    /// A 113-character mission name.
    static let longName = "Mission " + String(repeating: "Extraordinarily Long ", count: 4) + "Name For A Wide Table"
    static let long = launch("3", longName, "Vandenberg")

    static func launch(_ id: String, _ mission: String, _ site: String) -> Launch {
        Launch(id: LaunchID(trusted: id), site: site, mission: Mission(name: mission, missionPatch: nil))
    }

    func lines(_ launches: [Launch], width: Int?, hasMore: Bool = false) -> [String] {
        let output = CapturingOutput()
        HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, width: width)
            .present(LaunchPage(launches: launches, cursor: "c", hasMore: hasMore))
        return output.lines
    }

    @Test("CJK and emoji are padded by cells, so the SITE column stays put")
    func wideTextAligned() {
        #expect(lines([Self.tokyo, Self.family, Self.accent], width: nil) == [
            "ID  MISSION     SITE",
            "1   東京タワー  TNSC",
            "22  Crew 👨‍👩‍👧‍👦 🇯🇵  KSC",
            "4   e\u{301}toile      CSG",
        ])
    }

    @Test("Without a width nothing is cut")
    func noWidthNoCut() throws {
        let table = lines([Self.long], width: nil)
        #expect(Self.longName.count == 113)
        #expect(table[1] == "3   \(Self.longName)  Vandenberg")
        #expect(!table.joined().contains("…"))
    }

    @Test("At 40 cells the widest column is cut with an ellipsis and every row fits")
    func fitsForty() {
        let table = lines([Self.tokyo, Self.long, Self.accent], width: 40)
        // ID 2 + SITE 10 + two gutters of 2 leave the mission 24 cells.
        #expect(table == [
            "ID  MISSION                   SITE",
            "1   東京タワー                TNSC",
            "3   \(Self.longName.prefix(23))…  Vandenberg",
            "4   e\u{301}toile                    CSG",
        ])
        #expect(table.allSatisfy { TerminalCellWidth.of($0) <= 40 })
    }

    @Test("Cutting wide text never splits a character or a cluster, and padding makes up the odd cell")
    func cutsWholeClusters() {
        // ID 2 + SITE 4 + gutters 4 leave the mission 8 cells.
        #expect(lines([Self.tokyo, Self.family], width: 18) == [
            "ID  MISSION   SITE",
            "1   東京タ…   TNSC",
            "22  Crew 👨‍👩‍👧‍👦…  KSC",
        ])
    }

    @Test("Trips are fitted too")
    func tripsFit() {
        let output = CapturingOutput()
        HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, width: 40)
            .present(User(email: PresenterFixtures.email, trips: [Trip(launch: Self.long)]))
        #expect(output.lines.count == 3)
        #expect(output.lines.allSatisfy { TerminalCellWidth.of($0) <= 40 })
        #expect(output.lines[2].hasSuffix("…  Vandenberg"))
    }

    @Test("The next-page hint keeps the page size and goes to the hints output when one is given")
    func hintApartWithPageSize() {
        let output = CapturingOutput()
        let hints = CapturingOutput()
        HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, width: nil, hints: hints)
            .present(LaunchPage(launches: [Self.tokyo], cursor: "a b", hasMore: true), pageSize: 5)
        #expect(output.lines == ["ID  MISSION     SITE", "1   東京タワー  TNSC"])
        #expect(hints.text == "More launches: rocket-reserver launches --page-size 5 --after 'a b'\n")
    }

    @Test("On the results' output the hint follows a blank line and is never cut to the width")
    func hintOnOutputUncut() {
        let output = CapturingOutput()
        HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, width: 20)
            .present(LaunchPage(launches: [Self.tokyo], cursor: "djF8MjAxNy0wOC0yM1QxNzo0NTowMFp8MTA4", hasMore: true), pageSize: 3)
        #expect(Array(output.lines.suffix(2)) == [
            "",
            "More launches: rocket-reserver launches --page-size 3 --after djF8MjAxNy0wOC0yM1QxNzo0NTowMFp8MTA4",
        ])
    }
}
