import Foundation

/// The diagram of Docs/Architecture.md: the fenced text blocks of its section "Layers and the
/// dependency rule".
struct ArchitectureDiagram {
    /// The words outside backticks and parentheses (notes), in the order written: letters,
    /// digits, `-` and `_`, starting with a letter.
    let words: [String]

    init(markdown: String, section: String = "## Layers and the dependency rule") {
        var text = ""
        var inSection = false
        var inBlock = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            if !inBlock && line.hasPrefix("## ") { inSection = line == section }
            if inSection && inBlock { text += line + "\n" }
        }
        words = Self.words(in: text)
    }

    /// The identifiers of `text` outside backticks and outside parentheses (which may span lines).
    static func words(in text: String) -> [String] {
        var depth = 0
        var quoted = false
        var kept = ""
        for character in text {
            if character == "`" { quoted.toggle(); kept.append(" ") }
            else if quoted { continue }
            else if character == "(" { depth += 1 }
            else if character == ")" { depth = max(0, depth - 1) }
            else if depth == 0 { kept.append(character) }
            else if character == "\n" { kept.append(" ") }
        }
        var words: [String] = []
        var word = ""
        for character in kept + " " {
            if character.isLetter || character.isNumber || ((character == "-" || character == "_") && !word.isEmpty) {
                word.append(character)
            } else if !word.isEmpty {
                let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "-_"))
                if trimmed.first?.isLetter == true { words.append(trimmed) }
                word = ""
            }
        }
        return words
    }
}
