import GraphQLLanguage
@testable import GraphQLValidation
import Testing

/// Documents built to make validation slow: fragments that fan out, one field repeated
/// thousands of times, chains and webs of fragments. Each must be checked in time linear in
/// its size, with the diagnostics a pairwise check would give. The time bounds are generous
/// guards against an exponential or quadratic walk (which would take hours), not
/// measurements; Benchmarks/Codegen `--hostile` prints the numbers.
@Suite("Hostile documents")
struct HostileDocumentTests {
    /// Runs `body` and returns its result with the seconds it took.
    private func timed<T>(_ body: () -> T) -> (T, Double) {
        let start = ContinuousClock.now
        let result = body()
        let elapsed = ContinuousClock.now - start
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    @Test("Fragments that each spread the next twice (2^30 paths) are checked once each")
    func fanOutAtOneLevel() {
        var text = "{ dog { ...F0 } }\n"
        for level in 0..<30 { text += "fragment F\(level) on Dog { name ...F\(level + 1) ...F\(level + 1) }\n" }
        text += "fragment F30 on Dog { barkVolume }\n"
        let (errors, seconds) = timed { ValidationFixture.errors(text) }
        #expect(errors == [])
        #expect(seconds < 20)
    }

    @Test("Fragments that spread the next inside two fields (2^30 fields once expanded) are checked once each")
    func fanOutThroughFields() {
        var text = "{ __schema { types { ...T0 } } }\n"
        for level in 0..<30 { text += "fragment T\(level) on __Type { name ofType { ...T\(level + 1) } interfaces { ...T\(level + 1) } }\n" }
        // A conflict at the bottom of every one of the 2^30 paths is reported once.
        text += "fragment T30 on __Type { name: kind name }\n"
        let (errors, seconds) = timed { ValidationFixture.errors(text) }
        #expect(errors == [
            "32:37: Fields \"name\" conflict because \"kind\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
        ])
        #expect(seconds < 20)
    }

    @Test("One field repeated 20,000 times is compared in linear time; a conflict after them is found")
    func repeatedField() {
        let repeated = String(repeating: "name ", count: 20_000)
        let (valid, validSeconds) = timed { ValidationFixture.errors("{ dog { \(repeated) } }") }
        #expect(valid == [])
        #expect(validSeconds < 20)
        let (conflicting, seconds) = timed { ValidationFixture.errors("{ dog { \(repeated)name: barkVolume } }") }
        #expect(conflicting == [
            "1:100009: Fields \"name\" conflict because \"name\" and \"barkVolume\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
        ])
        #expect(seconds < 20)
    }

    @Test("20,000 fields of one key on different object types (mutually exclusive) still compare their shapes")
    func repeatedExclusiveFields() {
        let onLaunch = String(repeating: "... on Launch { x: id } ", count: 10_000)
        let onUser = String(repeating: "... on User { x: id } ", count: 10_000)
        let (valid, validSeconds) = timed { ValidationFixture.errors("{ search { \(onLaunch)\(onUser) } }") }
        #expect(valid == [])
        #expect(validSeconds < 20)
        let (conflicting, _) = timed { ValidationFixture.errors("{ search { \(onLaunch)\(onUser)... on User { x: email } } }") }
        #expect(conflicting.count == 1)
        #expect(conflicting.first?.contains("they return conflicting types \"ID!\" and \"String!\"") == true)
    }

    @Test("A chain of 10,000 fragments gets a sentence, not a crash")
    func fragmentChain() {
        var text = "{ dog { ...F0 } }\n"
        for level in 0..<10_000 { text += "fragment F\(level) on Dog { ...F\(level + 1) }\n" }
        text += "fragment F10000 on Dog { name }\n"
        let (errors, seconds) = timed { ValidationFixture.errors(text) }
        #expect(errors == ["1:1: The anonymous operation is nested more than 256 levels deep once its fragments are spread."])
        #expect(seconds < 20)
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

    @Test("A dense web of 100 fragments (each spreading every later one) is walked once for cycles")
    func fragmentWeb() {
        let count = 100
        var text = "{ dog { ...F0 } }\n"
        for index in 0..<count {
            let spreads = ((index + 1)..<count).map { "...F\($0)" }.joined(separator: " ")
            text += "fragment F\(index) on Dog { name \(spreads) }\n"
        }
        let (valid, seconds) = timed { ValidationFixture.errors(text) }
        #expect(valid == [])
        #expect(seconds < 20)
        // The last fragment spreading the first closes one cycle through every path: reported once.
        let cyclic = text.replacing("fragment F\(count - 1) on Dog { name  }", with: "fragment F\(count - 1) on Dog { name ...F0 }")
        let (errors, cyclicSeconds) = timed { ValidationFixture.errors(cyclic) }
        #expect(errors.count == 1, "\(errors.map { String($0.prefix(120)) })")
        #expect(errors.first?.hasPrefix("2:27: Cannot spread fragment \"F0\" within itself via \"F1\", \"F2\",") == true)
        #expect(cyclicSeconds < 20)
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
        // 250 fragments, each spreading every later one: each fragment checked on its own
        // gathers all the later ones, about 250^3 / 6 fields in all.
        let count = 250
        var text = "{ dog { ...F0 } }\n"
        for index in 0..<count {
            let spreads = ((index + 1)..<count).map { "...F\($0)" }.joined(separator: " ")
            text += "fragment F\(index) on Dog { name \(spreads) }\n"
        }
        let (errors, seconds) = timed { ValidationFixture.errors(text) }
        #expect(errors == ["1:1: The document is too complex to check for conflicting fields: its fragments expand to more than 2000000 fields."])
        #expect(seconds < 60)
    }
}
