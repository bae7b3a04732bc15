/// Builds Swift source line by line with four-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var indentation = 0

    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: indentation) + content + "\n"
    }

    /// Writes `switch subject {`, the cases at the same indentation (Swift's style), then `}`.
    mutating func switchBlock(_ subject: String, _ cases: [String]) {
        line("switch \(subject) {")
        for item in cases { line(item) }
        line("}")
    }

    /// Writes `header {`, the body indented, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        indentation += 1
        body(&self)
        indentation -= 1
        line("}")
    }
}
