import GraphQLLanguage
@testable import GraphQLValidation
import Testing

/// The linear merge check (``FieldMergeRule``) must report exactly what the pairwise one
/// (``PairwiseFieldMergeRule``, the rule before it was made linear) reports, on documents
/// where the two walk the same fields: random selections of few response keys (so that many
/// fields share one), on objects, an interface and a union, with arguments, aliases and
/// inline fragments, and repeated selections.
@Suite("Field merge agreement", .timeLimit(.minutes(5)))
struct FieldMergeAgreementTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((value ^ (value >> 31)) % UInt64(bound))
        }

        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
    }

    /// Field choices per type: `(name, arguments, child type)`.
    static let fields: [String: [(String, [String], String?)]] = [
        "Query": [("dog", [""], "Dog"), ("me", [""], "User"), ("node", ["(id: \"1\")", "(id: \"2\")"], "Node"),
                  ("launch", ["(id: \"1\")", "(id: \"2\")"], "Launch"), ("search", ["", "(filter: {text: \"a\"})"], "SearchResult")],
        "Dog": [("name", [""], nil), ("barkVolume", [""], nil)],
        "Launch": [("id", [""], nil), ("site", [""], nil), ("isBooked", [""], nil), ("mission", [""], "Mission")],
        "Mission": [("name", [""], nil), ("missionPatch", ["", "(size: SMALL)", "(size: LARGE)"], nil)],
        "User": [("id", [""], nil), ("email", [""], nil), ("trips", [""], "Launch")],
        "Node": [("id", [""], nil)],
        "SearchResult": [],
    ]
    static let conditions: [String: [String]] = [
        "Query": [], "Dog": [], "Launch": ["Launch", "Node"], "Mission": [], "User": ["User", "Node"],
        "Node": ["Launch", "User", "Node"], "SearchResult": ["Launch", "User", "SearchResult"],
    ]

    static func selection(on type: String, depth: Int, generator: inout Generator) -> String {
        var parts: [String] = []
        let count = 1 + generator.next(5)
        for _ in 0..<count {
            let choices = fields[type] ?? []
            if choices.isEmpty && depth >= 3 { continue }
            if choices.isEmpty || (depth < 3 && generator.next(4) == 0) {
                var condition = generator.next(3) == 0 ? nil : (conditions[type] ?? []).isEmpty ? nil : generator.pick(conditions[type] ?? [])
                if choices.isEmpty && condition == nil { condition = generator.pick(conditions[type] ?? [type]) }
                let inner = condition ?? type
                parts.append("... \(condition.map { "on \($0) " } ?? ""){ \(selection(on: inner, depth: depth + 1, generator: &generator)) }")
                continue
            }
            let (name, arguments, child) = generator.pick(choices)
            let alias = generator.next(2) == 0 ? "" : generator.pick(["a", "b"]) + ": "
            var field = alias + name + generator.pick(arguments)
            if let child {
                guard depth < 3 else { continue }
                field += " { \(selection(on: child, depth: depth + 1, generator: &generator)) }"
            }
            parts.append(field)
            if generator.next(5) == 0 { parts.append(field) }  // the same selection again
        }
        return parts.isEmpty ? "__typename" : parts.joined(separator: " ")
    }

    static func diagnostics(_ text: String, linear: Bool) throws -> [GraphQLDiagnostic] {
        let document = try Parser.parse(text, sourceName: "Random.graphql")
        var context = ValidationContext(schema: ValidationFixture.schema, documents: [document])
        if linear { FieldMergeRule.check(&context) } else { PairwiseFieldMergeRule.check(&context) }
        return context.diagnostics
    }

    @Test("2,000 random documents get the same diagnostics from both checks", arguments: 0..<4)
    func randomDocuments(batch: Int) throws {
        var generator = Generator(state: UInt64(batch) &* 1_000_003)
        var conflicts = 0
        for _ in 0..<500 {
            let text = "{ \(Self.selection(on: "Query", depth: 0, generator: &generator)) }"
            let linear = try Self.diagnostics(text, linear: true)
            let pairwise = try Self.diagnostics(text, linear: false)
            #expect(linear == pairwise, "\(text)")
            if !pairwise.isEmpty { conflicts += 1 }
        }
        // The generator must produce conflicts for the comparison to mean something.
        #expect(conflicts > 50)
    }
}
