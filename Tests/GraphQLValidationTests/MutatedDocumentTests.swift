import Foundation
import GraphQLLanguage
import GraphQLValidation
import Testing
import TestSupport

/// Bad input never crashes: thousands of mutated copies of the tutorial's operations go through
/// the parser and the validator, and every diagnostic points inside its document.
@Suite(.timeLimit(.minutes(5)))
struct MutatedDocumentTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Adapters/RocketReserverAPI")

    static let fragments = [
        "{", "}", "(", ")", "[", "]", "!", ":", "$", "$id", "...", "... on Launch", "...LaunchTile", "@skip(if: true)", "@include",
        "\"", "\"\"\"", "#", "\n", "fragment X on Launch { id }", "query", "mutation", "on", "null", "1.5e", "-0", "é", "\u{0}", "launch",
        "id: ID!", "= 3", ",", "\r", "\\u12",
    ]

    @Test func parserAndValidatorNeverTrapOnMutatedOperations() throws {
        let schema = try Schema.parse(try String(contentsOf: Self.folder.appendingPathComponent("schema.graphqls"), encoding: .utf8), sourceName: "schema.graphqls")
        let originals = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".graphql") }.sorted()
            .map { Array(try String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8).unicodeScalars) }
        var random = SplitMix64(state: 2021)  // the same mutations on every run
        var valid = 0
        var invalid = 0
        for _ in 0..<3_000 {
            var scalars = originals[Int.random(in: 0..<originals.count, using: &random)]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0...scalars.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: scalars.removeSubrange(position..<min(scalars.count, position + Int.random(in: 1...8, using: &random)))
                case 1: scalars.insert(contentsOf: Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &random)].unicodeScalars, at: position)
                default: scalars.insert(contentsOf: scalars[position..<min(scalars.count, position + 12)], at: position)
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            let source = String(text)
            // GraphQL ends lines at \n, \r\n and \r (Swift's Character treats \r\n as one).
            let lineCount = source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).count + 1
            let diagnostics = Validator.validate(sources: [(name: "Mutated.graphql", text: source)], against: schema)
            if diagnostics.isEmpty { valid += 1 } else { invalid += 1 }
            for diagnostic in diagnostics {
                #expect(
                    diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount && diagnostic.location.column >= 1,
                    "\(diagnostic) in \(lineCount) lines"
                )
            }
        }
        #expect(valid > 0)
        #expect(invalid > 0)
    }
}
