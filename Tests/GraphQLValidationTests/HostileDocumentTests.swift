import GraphQLLanguage
@testable import GraphQLValidation
import TestExpectations
import Testing

/// Documents built to make validation slow: fragments that fan out, one field repeated
/// thousands of times, chains and webs of fragments. Each is checked at two sizes, the second
/// about ten times the first, with the diagnostics a pairwise check would give at both: the
/// bound is stated as a size (`LinearTime`: ten times the input may cost at most forty times
/// the work, where an exponential or quadratic walk costs hours). Benchmarks/Codegen
/// `--hostile` prints the numbers.
@Suite("Hostile documents", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileDocumentTests {
    @Test("Fragments that each spread the next twice (2^30 paths at 30 levels) are checked once each")
    func fanOutAtOneLevel() async {
        await LinearTime.expect("fan-out at one level") { (scale: Int) -> String in
            let levels = 3 * scale
            var text = "{ dog { ...F0 } }\n"
            for level in 0..<levels { text += "fragment F\(level) on Dog { name ...F\(level + 1) ...F\(level + 1) }\n" }
            return text + "fragment F\(levels) on Dog { barkVolume }\n"
        } work: { text in
            ValidationFixture.errors(text) == []
        }
    }

    @Test("Fragments that spread the next inside two fields (2^30 fields at 30 levels) are checked once each")
    func fanOutThroughFields() async {
        await LinearTime.expect("fan-out through fields") { (scale: Int) -> (text: String, levels: Int) in
            let levels = 3 * scale
            var text = "{ __schema { types { ...T0 } } }\n"
            for level in 0..<levels { text += "fragment T\(level) on __Type { name ofType { ...T\(level + 1) } interfaces { ...T\(level + 1) } }\n" }
            // A conflict at the bottom of every one of the 2^levels paths is reported once.
            return (text + "fragment T\(levels) on __Type { name: kind name }\n", levels)
        } work: { input in
            ValidationFixture.errors(input.text) == [
                "\(input.levels + 2):\("fragment T\(input.levels) on __Type { name: kind ".count + 1): Fields \"name\" conflict because \"kind\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
            ]
        }
    }

    @Test("One field repeated 2,000 and 20,000 times is compared in linear time; a conflict after them is found")
    func repeatedField() async {
        await LinearTime.expect("a repeated field") { (scale: Int) -> Int in
            2_000 * scale
        } work: { count in
            let repeated = String(repeating: "name ", count: count)
            return ValidationFixture.errors("{ dog { \(repeated) } }") == []
                && ValidationFixture.errors("{ dog { \(repeated)name: barkVolume } }") == [
                    "1:\(9 + 5 * count): Fields \"name\" conflict because \"name\" and \"barkVolume\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
                ]
        }
    }

    @Test("2,000 and 20,000 fields of one key on different object types (mutually exclusive) still compare their shapes")
    func repeatedExclusiveFields() async {
        await LinearTime.expect("mutually exclusive fields") { (scale: Int) -> String in
            String(repeating: "... on Launch { x: id } ", count: 1_000 * scale) + String(repeating: "... on User { x: id } ", count: 1_000 * scale)
        } work: { fields in
            let conflicting = ValidationFixture.errors("{ search { \(fields)... on User { x: email } } }")
            return ValidationFixture.errors("{ search { \(fields) } }") == []
                && conflicting.count == 1
                && conflicting.first?.contains("they return conflicting types \"ID!\" and \"String!\"") == true
        }
    }

    @Test("Chains of 1,000 and 10,000 fragments get the same sentence, not a crash")
    func fragmentChain() async {
        await LinearTime.expect("a fragment chain") { (scale: Int) -> String in
            let length = 1_000 * scale
            var text = "{ dog { ...F0 } }\n"
            for level in 0..<length { text += "fragment F\(level) on Dog { ...F\(level + 1) }\n" }
            return text + "fragment F\(length) on Dog { name }\n"
        } work: { text in
            ValidationFixture.errors(text) == ["1:1: The anonymous operation is nested more than 256 levels deep once its fragments are spread."]
        }
        // Just within the limit, the chain is valid.
        var short = "{ dog { ...F0 } }\n"
        for level in 0..<250 { short += "fragment F\(level) on Dog { ...F\(level + 1) }\n" }
        short += "fragment F250 on Dog { name }\n"
        #expect(ValidationFixture.errors(short) == [])
    }

    @Test("Fragments spread inside fields count their fields' levels too")
    func nestedChain() {
        var text = "query Deep { __schema { types { ...T0 } } }\n"
        for level in 0..<130 { text += "fragment T\(level) on __Type { ofType { ...T\(level + 1) } }\n" }
        text += "fragment T130 on __Type { name }\n"
        #expect(ValidationFixture.errors(text) == [
            "1:1: The operation \"Deep\" is nested more than 256 levels deep once its fragments are spread."
        ])
    }

    @Test("Dense webs of 32 and 100 fragments (each spreading every later one) are walked once for cycles")
    func fragmentWeb() async {
        // The web's size grows with the square of its fragments: 32 and 100 are about ten times apart.
        await LinearTime.expect("a fragment web") { (scale: Int) -> (valid: String, cyclic: String) in
            let count = scale == 1 ? 32 : 100
            var text = "{ dog { ...F0 } }\n"
            for index in 0..<count {
                let spreads = ((index + 1)..<count).map { "...F\($0)" }.joined(separator: " ")
                text += "fragment F\(index) on Dog { name \(spreads) }\n"
            }
            // The last fragment spreading the first closes one cycle through every path: reported once.
            let cyclic = text.replacing("fragment F\(count - 1) on Dog { name  }", with: "fragment F\(count - 1) on Dog { name ...F0 }")
            return (text, cyclic)
        } work: { input in
            let errors = ValidationFixture.errors(input.cyclic)
            return ValidationFixture.errors(input.valid) == []
                && errors.count == 1
                && errors.first?.hasPrefix("2:27: Cannot spread fragment \"F0\" within itself via \"F1\", \"F2\",") == true
        }
    }

    @Test("A fragment spread again inside a field is checked there too, as graphql-core 3.2 does")
    func fragmentSpreadAgainDeeper() {
        // The walk before expanded a fragment once per path, so it missed this conflict.
        #expect(ValidationFixture.errors("{ node(id: \"1\") { ...N ... on User { trips { ...N id: site } } } }\nfragment N on Node { id }") == [
            "1:51: Fields \"id\" conflict because \"id\" and \"site\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
        ])
    }

    @Test("A document whose checks would gather more than 2,000,000 fields gets a sentence")
    func tooComplexToCheck() {
        // 250 fragments, each spreading every later one: each fragment checked on its own gathers all the later
        // ones, about 250^3 / 6 fields in all. The bound is that count: the check stops at 2,000,000 fields.
        let count = 250
        var text = "{ dog { ...F0 } }\n"
        for index in 0..<count {
            let spreads = ((index + 1)..<count).map { "...F\($0)" }.joined(separator: " ")
            text += "fragment F\(index) on Dog { name \(spreads) }\n"
        }
        #expect(ValidationFixture.errors(text) == ["1:1: The document is too complex to check for conflicting fields: its fragments expand to more than 2000000 fields."])
    }
}
