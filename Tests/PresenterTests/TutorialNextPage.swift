import Presentation

/// The next-page words the tests' presenters are given: the CLI's, spelled out, so that the
/// expected hints read as a user sees them.
enum TutorialNextPage {
    static let words: NextPageCommand = { cursor, pageSize in
        ["rocket-reserver", "launches"] + (pageSize.map { ["--page-size", String($0)] } ?? []) + ["--after", cursor]
    }
}
