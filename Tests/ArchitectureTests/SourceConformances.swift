import Foundation

/// The protocols a Swift source file declares and the conformances its type declarations and
/// extensions state, read from their declaration lines.
enum SourceConformances {
    /// A type or extension and the protocols (or superclass) listed after its colon.
    struct Declaration: Equatable {
        var type: String
        var conformances: [String]
    }

    private static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "final", "open", "indirect", "nonisolated",
    ]

    /// `protocol P` → `P`, for every protocol declared in `source`.
    static func protocols(in source: String) -> [String] {
        declarationLines(in: source).compactMap { words in
            guard words.first == "protocol", words.count > 1 else { return nil }
            return name(words[1])
        }
    }

    /// `struct T: A, B {`, `extension T: A where …` → `T` with `[A, B]`; declarations without
    /// a colon are left out.
    static func declarations(in source: String) -> [Declaration] {
        let kinds: Set<String> = ["struct", "class", "enum", "actor", "extension"]
        return declarationLines(in: source).compactMap { words in
            guard let kind = words.first, kinds.contains(kind), words.count > 1 else { return nil }
            let line = withoutGenericClauses(words.dropFirst().joined(separator: " "))
            guard let colon = line.firstIndex(of: ":") else { return nil }
            var list = line[line.index(after: colon)...]
            if let end = list.firstIndex(where: { $0 == "{" }) { list = list[..<end] }
            if let clause = list.range(of: " where ") { list = list[..<clause.lowerBound] }
            let conformances = list.split(separator: ",").map { name(String($0)) }.filter { !$0.isEmpty }
            return Declaration(type: name(words[1]), conformances: conformances)
        }
    }

    /// Each line's words after its attributes and modifiers.
    private static func declarationLines(in source: String) -> [[String]] {
        source.split(separator: "\n").map { line in
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
                words.removeFirst()
                // An attribute's arguments may hold spaces: `@available(macOS 15, *)`.
                if first.hasPrefix("@"), first.contains("("), !first.contains(")") {
                    while let word = words.first, !word.contains(")") { words.removeFirst() }
                    if !words.isEmpty { words.removeFirst() }
                }
            }
            return words
        }
    }

    /// `T<U: P>: Q` → `T: Q`, so that a generic parameter's constraint is not read as a conformance.
    private static func withoutGenericClauses(_ line: String) -> String {
        var depth = 0
        var kept = ""
        for character in line {
            if character == "<" { depth += 1 } else if character == ">", depth > 0 { depth -= 1 } else if depth == 0 { kept.append(character) }
        }
        return kept
    }

    /// A bare type name: `Ports.CacheInspector` → `CacheInspector`, `T:` → `T`, `any P` → `P`,
    /// `@unchecked Sendable` → `Sendable`.
    private static func name(_ text: String) -> String {
        var words = text.split(separator: " ").map(String.init)
        while let first = words.first, first.hasPrefix("@") || first == "any" { words.removeFirst() }
        let text = words.first ?? ""
        let bare = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return String(bare.split(separator: ".").last ?? "")
    }
}
