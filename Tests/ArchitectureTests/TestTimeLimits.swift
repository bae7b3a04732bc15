/// Finds tests that could run without a time limit, in Swift Testing sources read as text: a
/// `@Suite` without `.timeLimit(…)`, a `@Test` at the top level without one, and a `@Test`
/// inside a type (or an extension of one) that no `@Suite` names.
///
/// A suite's time limit covers every test in it and in the suites nested in it, so a test is
/// limited when it or a type around it is. Comments and string literals are blanked first, so
/// that an `@Test` in a doc comment or a `{` in a string changes nothing.
enum TestTimeLimits {
    /// One source file: its name (for messages) and its text.
    struct Source {
        var name: String
        var text: String
    }

    /// A sentence per test or suite without a time limit, naming the file and line.
    static func problems(in sources: [Source]) -> [String] {
        let scanned = sources.map { ($0.name, Scan(blanking: $0.text)) }
        // Types declared with `@Suite` anywhere: an extension of one is limited too.
        let suiteTypes = Set(scanned.flatMap { $0.1.declarations.filter(\.isSuite).map(\.name) })
        var problems: [String] = []
        for (name, scan) in scanned {
            for attribute in scan.attributes(named: "@Suite") where !attribute.arguments.contains(".timeLimit(") {
                problems.append("\(name):\(attribute.line): @Suite without .timeLimit")
            }
            for test in scan.attributes(named: "@Test") {
                if test.arguments.contains(".timeLimit(") { continue }
                let enclosing = scan.declarations.filter { $0.body.contains(test.offset) }
                if enclosing.isEmpty {
                    problems.append("\(name):\(test.line): @Test at the top level without .timeLimit")
                } else if !enclosing.contains(where: { $0.isSuite || ($0.isExtension && suiteTypes.contains($0.name)) }) {
                    problems.append("\(name):\(test.line): @Test in \(enclosing[0].name), which no @Suite with .timeLimit covers")
                }
            }
        }
        return problems
    }

    /// A type or extension: its name, whether `@Suite` is among its attributes, and its body's range.
    struct Declaration {
        var name: String
        var isSuite: Bool
        var isExtension: Bool
        var body: Range<Int>
    }

    /// An attribute: where it is, and the text of its parenthesised arguments ("" without any).
    struct Attribute {
        var offset: Int
        var line: Int
        var arguments: String
    }

    /// The text with comments and string literals blanked (lengths kept), and its declarations.
    struct Scan {
        let characters: [Character]
        private(set) var declarations: [Declaration] = []

        init(blanking text: String) {
            characters = Self.blank(Array(text))
            declarations = findDeclarations()
        }

        func attributes(named name: String) -> [Attribute] {
            let pattern = Array(name)
            var found: [Attribute] = []
            var index = 0
            while index + pattern.count <= characters.count {
                defer { index += 1 }
                guard Array(characters[index..<(index + pattern.count)]) == pattern else { continue }
                let after = index + pattern.count
                if after < characters.count, characters[after].isLetter || characters[after].isNumber { continue }
                var arguments = ""
                if after < characters.count, characters[after] == "(", let close = matching(from: after) {
                    arguments = String(characters[(after + 1)..<close])
                }
                found.append(Attribute(offset: index, line: line(of: index), arguments: arguments))
            }
            return found
        }

        private func line(of offset: Int) -> Int {
            characters[..<offset].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
        }

        /// The index of the bracket that closes the one at `open` (`(` or `{`).
        private func matching(from open: Int) -> Int? {
            let (opening, closing): (Character, Character) = characters[open] == "(" ? ("(", ")") : ("{", "}")
            var depth = 0
            for index in open..<characters.count {
                if characters[index] == opening { depth += 1 }
                if characters[index] == closing {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            return nil
        }

        /// Every `struct`, `class`, `enum`, `actor` and `extension` with a body; its attributes are
        /// the text between the end of what came before (`{`, `}` or `;`) and the keyword.
        private func findDeclarations() -> [Declaration] {
            var declarations: [Declaration] = []
            let words = ["struct", "class", "enum", "actor", "extension"]
            var index = 0
            while index < characters.count {
                defer { index += 1 }
                guard index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber || characters[index - 1] == "_" || characters[index - 1] == ".") else { continue }
                guard let word = words.first(where: { starts(with: $0 + " ", at: index) }) else { continue }
                var nameStart = index + word.count
                while nameStart < characters.count, characters[nameStart] == " " { nameStart += 1 }
                var nameEnd = nameStart
                while nameEnd < characters.count, characters[nameEnd].isLetter || characters[nameEnd].isNumber || characters[nameEnd] == "_" || characters[nameEnd] == "." {
                    nameEnd += 1
                }
                guard nameEnd > nameStart, let open = characters[nameEnd...].firstIndex(of: "{"), let close = matching(from: open) else { continue }
                // `class func` and the like are not declarations of a type.
                if characters[nameEnd..<open].contains(where: { $0 == "(" || $0 == "=" }) && word != "extension" { continue }
                var start = index
                while start > 0, !["{", "}", ";"].contains(characters[start - 1]) { start -= 1 }
                let attributes = String(characters[start..<index])
                let name = String(characters[nameStart..<nameEnd]).split(separator: ".").last.map(String.init) ?? ""
                declarations.append(Declaration(
                    name: name, isSuite: attributes.contains("@Suite"), isExtension: word == "extension", body: open..<(close + 1)
                ))
            }
            return declarations
        }

        private func starts(with word: String, at index: Int) -> Bool {
            let pattern = Array(word)
            return index + pattern.count <= characters.count && Array(characters[index..<(index + pattern.count)]) == pattern
        }

        /// Blanks `//` and `/* */` comments and string literals (`"…"`, `"""…"""`, `#"…"#`, with
        /// interpolations holding strings of their own) to spaces, keeping newlines.
        private static func blank(_ text: [Character]) -> [Character] {
            var out = text
            func clear(_ range: Range<Int>) {
                for position in range where out[position] != "\n" { out[position] = " " }
            }
            func matches(_ pattern: String, at position: Int) -> Bool {
                let characters = Array(pattern)
                return position + characters.count <= text.count && Array(text[position..<(position + characters.count)]) == characters
            }
            /// The index after the string literal whose opening quote (after `hashes` #s) is at `start`.
            func endOfString(from start: Int, hashes: Int) -> Int {
                let quotes = matches("\"\"\"", at: start) ? 3 : 1
                let closing = String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes)
                let escape = "\\" + String(repeating: "#", count: hashes)
                var index = start + quotes
                while index < text.count, !matches(closing, at: index) {
                    if matches(escape + "(", at: index) {
                        index = endOfInterpolation(from: index + escape.count)
                    } else if matches(escape, at: index) {
                        index += escape.count + 1
                    } else {
                        index += 1
                    }
                }
                return min(text.count, index + closing.count)
            }
            /// The index after the `)` that closes the interpolation whose `(` is at `open`.
            func endOfInterpolation(from open: Int) -> Int {
                var depth = 0
                var index = open
                while index < text.count {
                    if let end = literal(at: index) {
                        index = end
                        continue
                    }
                    if text[index] == "(" { depth += 1 }
                    if text[index] == ")" {
                        depth -= 1
                        if depth == 0 { return index + 1 }
                    }
                    index += 1
                }
                return index
            }
            /// The index after the string literal starting at `index`, if one starts there.
            func literal(at index: Int) -> Int? {
                var hashes = 0
                while index + hashes < text.count, text[index + hashes] == "#" { hashes += 1 }
                guard index + hashes < text.count, text[index + hashes] == "\"" else { return nil }
                return endOfString(from: index + hashes, hashes: hashes)
            }
            var index = 0
            while index < text.count {
                if matches("//", at: index) {
                    let end = text[index...].firstIndex(of: "\n") ?? text.count
                    clear(index..<end)
                    index = end
                } else if matches("/*", at: index) {
                    var end = index + 2
                    while end < text.count, !matches("*/", at: end) { end += 1 }
                    end = min(text.count, end + 2)
                    clear(index..<end)
                    index = end
                } else if let end = literal(at: index) {
                    clear(index..<end)
                    index = end
                } else {
                    index += 1
                }
            }
            return out
        }
    }
}
