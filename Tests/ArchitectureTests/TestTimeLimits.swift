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

    /// The text's UTF-8 with comments and string literals blanked (lengths kept), and its declarations.
    struct Scan {
        let characters: [UInt8]
        private let lineStarts: [Int]
        private(set) var declarations: [Declaration] = []

        init(blanking text: String) {
            let blanked = Self.blank(Array(text.utf8))
            characters = blanked
            lineStarts = [0] + blanked.indices.filter { blanked[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
            declarations = findDeclarations()
        }

        /// A byte of a name: a letter, a digit, `_`, or part of a non-ASCII character.
        private static func isNamePart(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        func attributes(named name: String) -> [Attribute] {
            let pattern = Array(name.utf8)
            var found: [Attribute] = []
            var index = 0
            while index + pattern.count <= characters.count {
                defer { index += 1 }
                guard starts(with: pattern, at: index) else { continue }
                let after = index + pattern.count
                if after < characters.count, Self.isNamePart(characters[after]) { continue }
                var arguments = ""
                if after < characters.count, characters[after] == UInt8(ascii: "("), let close = matching(from: after) {
                    arguments = String(decoding: characters[(after + 1)..<close], as: UTF8.self)
                }
                found.append(Attribute(offset: index, line: line(of: index), arguments: arguments))
            }
            return found
        }

        private func line(of offset: Int) -> Int {
            var (low, high) = (0, lineStarts.count)
            while high - low > 1 {
                let middle = (low + high) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle }
            }
            return low + 1
        }

        /// The index of the bracket that closes the one at `open` (`(` or `{`).
        private func matching(from open: Int) -> Int? {
            let (opening, closing) = characters[open] == UInt8(ascii: "(") ? (UInt8(ascii: "("), UInt8(ascii: ")")) : (UInt8(ascii: "{"), UInt8(ascii: "}"))
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
            let words = ["struct", "class", "enum", "actor", "extension"].map { Array(($0 + " ").utf8) }
            let dot = UInt8(ascii: ".")
            var index = 0
            while index < characters.count {
                defer { index += 1 }
                guard index == 0 || !(Self.isNamePart(characters[index - 1]) || characters[index - 1] == dot) else { continue }
                guard let word = words.first(where: { starts(with: $0, at: index) }) else { continue }
                var nameStart = index + word.count
                while nameStart < characters.count, characters[nameStart] == UInt8(ascii: " ") { nameStart += 1 }
                var nameEnd = nameStart
                while nameEnd < characters.count, Self.isNamePart(characters[nameEnd]) || characters[nameEnd] == dot { nameEnd += 1 }
                guard nameEnd > nameStart, let open = characters[nameEnd...].firstIndex(of: UInt8(ascii: "{")), let close = matching(from: open) else { continue }
                let isExtension = word == words[4]
                // `class func` and the like are not declarations of a type.
                if characters[nameEnd..<open].contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "=") }) && !isExtension { continue }
                var start = index
                while start > 0, ![UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";")].contains(characters[start - 1]) { start -= 1 }
                let attributes = String(decoding: characters[start..<index], as: UTF8.self)
                let name = String(decoding: characters[nameStart..<nameEnd], as: UTF8.self).split(separator: ".").last.map(String.init) ?? ""
                declarations.append(Declaration(
                    name: name, isSuite: attributes.contains("@Suite"), isExtension: isExtension, body: open..<(close + 1)
                ))
            }
            return declarations
        }

        private func starts(with pattern: [UInt8], at index: Int) -> Bool {
            index + pattern.count <= characters.count && characters[index..<(index + pattern.count)].elementsEqual(pattern)
        }

        /// Blanks `//` and `/* */` comments and string literals (`"…"`, `"""…"""`, `#"…"#`, with
        /// interpolations holding strings of their own) to spaces, keeping newlines.
        private static func blank(_ text: [UInt8]) -> [UInt8] {
            var out = text
            func clear(_ range: Range<Int>) {
                for position in range where out[position] != UInt8(ascii: "\n") { out[position] = UInt8(ascii: " ") }
            }
            func matches(_ pattern: String, at position: Int) -> Bool {
                let bytes = pattern.utf8
                return position + bytes.count <= text.count && text[position..<(position + bytes.count)].elementsEqual(bytes)
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
                    if text[index] == UInt8(ascii: "(") { depth += 1 }
                    if text[index] == UInt8(ascii: ")") {
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
                while index + hashes < text.count, text[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                guard index + hashes < text.count, text[index + hashes] == UInt8(ascii: "\"") else { return nil }
                return endOfString(from: index + hashes, hashes: hashes)
            }
            var index = 0
            while index < text.count {
                if matches("//", at: index) {
                    let end = text[index...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
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
