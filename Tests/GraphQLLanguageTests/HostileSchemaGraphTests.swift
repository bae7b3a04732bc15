import GraphQLLanguage
import TestExpectations
import Testing

/// Schemas whose types reference each other in long chains: the type system rules walk them
/// with explicit stacks, once, so 100,000 input objects in a chain are checked like 1,000
/// (the same verdict, one error per cycle), without a stack overflow or a cubic walk.
@Suite("Hostile schema graphs", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileSchemaGraphTests {
    static let query = "type Query { f(a: I0): Int }\n"

    /// `count` input objects, each holding the next through a non-null field; the last one
    /// points back at `closesAt` when given (a cycle), else at nothing.
    static func chain(_ count: Int, closesAt: Int? = nil) -> String {
        var text = query
        for index in 0..<count - 1 { text += "input I\(index) { x: Int, next: I\(index + 1)! }\n" }
        text += "input I\(count - 1) { x: Int" + (closesAt.map { ", next: I\($0)!" } ?? "") + " }\n"
        return text
    }

    static func errors(_ sdl: String) -> [String] {
        do {
            _ = try Schema.parse(sdl, sourceName: "chain.graphqls")
            return []
        } catch {
            return [error.description]
        }
    }

    @Test("A chain of 1,000 or 100,000 input objects through non-null fields is valid")
    func longChain() {
        for count in [1_000, 100_000] { #expect(Self.errors(Self.chain(count)) == [], "\(count) input objects") }
    }

    @Test("A cycle through 1,000 or 100,000 input objects is reported once, where it closes, with its whole path")
    func longCycle() {
        for count in [1_000, 100_000] {
            let errors = Self.errors(Self.chain(count, closesAt: 0))
            let path = Array(repeating: "next", count: count).joined(separator: ".")
            #expect(errors == ["chain.graphqls:2:1: error: Cannot reference Input Object \"I0\" within itself through a series of non-null fields: \"\(path)\"."])
        }
    }

    @Test("A cycle closing in the middle of a long chain names the types from there")
    func cycleInTheMiddle() {
        let errors = Self.errors(Self.chain(10_000, closesAt: 9_998))
        // I9998 is defined on line 10,000 (the query type is line 1).
        #expect(errors == ["chain.graphqls:10000:1: error: Cannot reference Input Object \"I9998\" within itself through a series of non-null fields: \"next.next\"."])
    }
}
