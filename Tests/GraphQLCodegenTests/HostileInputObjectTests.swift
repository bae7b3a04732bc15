import GraphQLCodegen
import GraphQLLanguage
import TestExpectations
import Testing

/// Input objects that hold each other in long chains: the generator finds the fields that lead
/// back to their own type (kept in an array, so the struct has a finite size) in one walk, so a
/// cycle through 100,000 input objects is written like one through 1,000: the same answer,
/// every field boxed, no stack overflow and no walk per field.
@Suite("Hostile input objects in the generator", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileInputObjectTests {
    /// `count` input objects, each holding the next through an optional field, the last one
    /// holding the first (one cycle through all of them) when `closed`, and a non-null field
    /// that leads nowhere back.
    static func schema(_ count: Int, closed: Bool) throws -> Schema {
        var text = "type Query { f(a: I0): Int }\ninput Leaf { x: Int }\n"
        for index in 0..<count {
            let next = index + 1 < count ? "I\(index + 1)" : (closed ? "I0" : "Leaf")
            text += "input I\(index) { next: \(next), leaf: Leaf! }\n"
        }
        return try Schema.parse(text, sourceName: "chain.graphqls")
    }

    /// How many `next` fields the generated schema types keep in an array, and how many inline.
    static func boxedFields(_ schema: Schema) throws -> (boxed: Int, inline: Int) {
        let files = try CodeGenerator.generate(sources: [], schema: schema).get()
        let types = try #require(files.first { $0.name == CodeGenerator.schemaTypesFileName }).contents
        let boxed = types.components(separatedBy: "private var next_indirect: [").count - 1
        let inline = types.components(separatedBy: "public var next: I").count - 1 - boxed
        return (boxed, inline)
    }

    @Test("A cycle through 1,000 or 100,000 input objects boxes every field on it, and a chain of as many boxes none")
    func longCycle() throws {
        for count in [1_000, 100_000] {
            let cycle = try Self.boxedFields(try Self.schema(count, closed: true))
            #expect(cycle.boxed == count && cycle.inline == 0, "\(count) input objects in a cycle: \(cycle)")
            let chain = try Self.boxedFields(try Self.schema(count, closed: false))
            #expect(chain.boxed == 0 && chain.inline == count - 1, "\(count) input objects in a chain: \(chain)")
        }
    }

    @Test("Only the fields on a cycle are boxed: a chain leading into a cycle keeps its fields inline")
    func chainIntoACycle() throws {
        let schema = try Schema.parse(
            """
            type Query { f(a: A): Int }
            input A { b: B, self: A, list: [A] }
            input B { c: C }
            input C { d: D, a: A }
            input D { c: C, e: E }
            input E { x: Int, list: [E!] }
            """,
            sourceName: "schema.graphqls"
        )
        let files = try CodeGenerator.generate(sources: [], schema: schema).get()
        let types = try #require(files.first { $0.name == CodeGenerator.schemaTypesFileName }).contents
        // A, C and D hold each other (A.b through B too); E is held but holds nothing back; lists hold nothing.
        for boxed in ["b_indirect: [B]", "self_indirect: [A]", "c_indirect: [C]", "d_indirect: [D]", "a_indirect: [A]"] {
            #expect(types.contains("private var \(boxed)"), "\(boxed) in:\n\(types)")
        }
        for inline in ["public var list: [A?]?", "public var e: E?", "public var list: [E]?"] {
            #expect(types.contains(inline + "\n"), "\(inline) in:\n\(types)")
        }
    }
}
