import Domain
import Ports
import Presentation
/// Hints: the command to run next, after the results, or apart from them on standard error.
extension HumanPresenter {
    /// The next page's command as one shell line: the front end's words, each quoted as needed.
    func nextPageLine(cursor: String, pageSize: Int?) -> String {
        nextPageCommand(cursor, pageSize).map(ShellWord.quoted).joined(separator: " ")
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
