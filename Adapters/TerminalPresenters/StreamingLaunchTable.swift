import TerminalModel
import Domain
import Ports
import Presentation
import Synchronization

/// `launches --all` as text: rows are written as their page arrives.
///
/// The columns are sized once, from the first page with launches (and fitted to the terminal's
/// width, as a single page is), so a walk of one page prints exactly what `launches` prints.
/// Later rows keep that layout: on a terminal a longer text is cut with "…"; piped, nothing is
/// cut and a longer text pushes the rest of its row right. A progress line, when there is
/// one, is cleared before rows are written and redrawn after them.
final class StreamingLaunchTable: LaunchListing {
    private let presenter: HumanPresenter
    private let pageSize: Int?
    /// The column widths, once the first rows are written.
    private let widths = Mutex<[Int]?>(nil)
    private let last = Mutex<LaunchPage?>(nil)

    init(presenter: HumanPresenter, pageSize: Int?) {
        self.presenter = presenter
        self.pageSize = pageSize
    }

    func add(_ page: LaunchPage, number: Int, launchCount: Int) {
        presenter.progress?.clear()
        last.withLock { $0 = page }
        if !page.launches.isEmpty {
            let table = presenter.launchTableModel(page.launches)
            let lines = widths.withLock { widths -> [String] in
                if let widths {
                    return table.rows.map { TextTable.line($0, widths: widths, style: presenter.style, cut: presenter.width != nil) }
                }
                widths = Self.layout(table.naturalWidths(), within: presenter.width)
                return table.lines(style: presenter.style, width: presenter.width)
            }
            presenter.write(lines)
        }
        presenter.progress?.show(ProgressLine.launchesText(page: number, launchCount: launchCount))
    }

    /// The first page's widths, fitted to the terminal as a single page is; the last column,
    /// which nothing follows, may then use the rest of the terminal's width.
    static func layout(_ natural: [Int], within width: Int?) -> [Int] {
        guard let width else { return natural }
        var widths = ColumnFitting.widths(natural, within: width, gutter: TextTable.gutter.count)
        if let last = widths.indices.last {
            let others = widths.dropLast().reduce(0, +) + TextTable.gutter.count * last
            widths[last] = max(widths[last], width - others)
        }
        return widths
    }

    func finish() {
        presenter.progress?.clear()
        let (started, page) = (widths.withLock { $0 != nil }, last.withLock { $0 })
        if !started { presenter.write(["No launches found."]) }
        if let page, page.hasMore {
            presenter.presentHint("More launches: ", command: presenter.nextPageLine(cursor: page.cursor, pageSize: pageSize))
        }
    }

    func abandon() {
        presenter.progress?.clear()
    }
}

/// The JSON presenter's listing: pages are kept and written as one document at the end, with
/// the progress line meanwhile.
final class ProgressCollectingListing: LaunchListing {
    private let collecting: CollectingLaunchListing
    private let progress: ProgressLine?

    init(presenter: any ResultPresenter, pageSize: Int?, progress: ProgressLine?) {
        collecting = CollectingLaunchListing(presenter: presenter, pageSize: pageSize)
        self.progress = progress
    }

    func add(_ page: LaunchPage, number: Int, launchCount: Int) {
        collecting.add(page, number: number, launchCount: launchCount)
        progress?.show(ProgressLine.launchesText(page: number, launchCount: launchCount))
    }

    func finish() {
        progress?.clear()
        collecting.finish()
    }

    func abandon() {
        progress?.clear()
    }
}
