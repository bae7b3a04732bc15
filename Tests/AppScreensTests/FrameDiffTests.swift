import AppScreens
import Domain
import TerminalModel
import Testing

/// A move on a long list changes a few cells of the frame, so the terminal writes little.
@Suite("Frame changes per key", .timeLimit(.minutes(1)))
struct FrameDiffTests {
    /// The rows that differ between two frames of one size, and the number of cells.
    static func difference(_ old: Frame, _ new: Frame) -> (rows: Set<Int>, cells: Int) {
        var rows: Set<Int> = []
        var cells = 0
        for row in 0..<old.height {
            for column in 0..<old.width where old[row, column] != new[row, column] {
                rows.insert(row)
                cells += 1
            }
        }
        return (rows, cells)
    }

    /// An app with 10,000 launches in 100 pages, the selection in the middle of the screen.
    static func longList() -> Harness {
        var app = Harness()
        let pages = (0..<100).map { Fixture.page(($0 * 100)..<($0 * 100 + 100), hasMore: $0 < 99) }
        app.send(.launchesReplaced(pages))
        app.press(.character("j"), times: 5_000)
        app.press(.character("k"), times: 10)
        return app
    }

    @Test("j and k change the two rows the selection left and reached, and the position")
    func moveChangesFewCells() {
        var app = Self.longList()
        #expect(app.state.launches.launches.count == 10_000)
        for key in [Key.character("j"), .character("k"), .down, .up] {
            let before = app.frame
            #expect(app.press(key) == [])
            let after = app.frame
            let difference = Self.difference(before, after)
            #expect(difference.rows.count <= 3)
            #expect(difference.rows.contains(0))
            #expect(difference.cells <= 20)
        }
    }

    @Test("A move past the screen's edge scrolls, redrawing the list, not the status line")
    func scrollChangesListRows() {
        var app = Self.longList()
        let rows = app.state.layout.listRows
        let top = app.state.launches.position.top
        app.press(.character("j"), times: top + rows - 1 - app.state.launches.position.selection)
        let before = app.frame
        app.press(.character("j"))
        let difference = Self.difference(before, app.frame)
        #expect(app.state.launches.position.top == top + 1 + (rows - 1) / 2)
        #expect(!difference.rows.contains(23))
        #expect(!difference.rows.contains(1))
    }
}
