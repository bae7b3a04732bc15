import Domain
import Ports
import Presentation
/// Hints: the command to run next, after the results, or apart from them on standard error.
extension HumanPresenter {
    /// `tool launches --page-size 5 --after 'CURSOR'` (the page size only when one was given).
    func nextPageCommand(cursor: String, pageSize: Int?) -> String {
        let size = pageSize.map { " --page-size \($0)" } ?? ""
        return "\(nextPageCommand)\(size) --after \(ShellWord.quoted(cursor))"
    }

    /// Rows as pages arrive, in one layout (see ``StreamingLaunchTable``).
    public func launchListing(pageSize: Int?) -> any LaunchListing {
        StreamingLaunchTable(presenter: self, pageSize: pageSize)
    }

    /// `label` and `command`: after a blank line on the results' output, or as one line on
    /// ``hints`` when given, so that piped results hold nothing else. Never cut to the width.
    func presentHint(_ label: String, command: String) {
        let line = style.apply(.dim, to: label) + DisplayText.sanitized(command)
        if let hints {
            hints.write(line + "\n")
        } else {
            write(["", line])
        }
    }
}
