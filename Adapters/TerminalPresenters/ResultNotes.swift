import Ports
import Presentation

/// Standard error for notes about the results (the next-page hint, "Showing cached data"),
/// written only while the results themselves could be written.
///
/// When standard output fails (`> /dev/full`), a note about output that never arrived would
/// only mislead: the command ends with the write error alone.
public struct ResultNotes: TextOutput {
    private let notes: any TextOutput
    private let results: StandardOutput

    /// Notes written to `notes` while `results` has had no failed write.
    public init(notes: any TextOutput, about results: StandardOutput) {
        self.notes = notes
        self.results = results
    }

    public func write(_ text: String) {
        guard results.failure == nil else { return }
        notes.write(text)
    }
}
