import Foundation
import GraphQLLanguage
import Testing
import TestSupport

/// Differential: thousands of mutated schemas go through our parser and type system rules and
/// through graphql-core (the reference implementation's Python port), and both must accept
/// exactly the same ones. Each disagreement prints the schema and both verdicts.
///
/// The oracle is the Python with graphql-core that `ROCKET_RESERVER_GRAPHQL_CORE_PYTHON` names
/// (Scripts/test points it at its venv, where gql brings graphql-core); without it the test
/// is skipped.
@Suite("Schemas against graphql-core", .timeLimit(.minutes(5)))
struct SchemaOracleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static let bases = [
        "type Query { a: Int }",
        """
        schema { query: Root mutation: Change }
        "The root" type Root implements Node & Named { id: ID! name(full: Boolean = false): String launches(first: Int!, after: String): [Launch!]! search: [Result] }
        interface Node { id: ID! }
        interface Named implements Node { id: ID! name(full: Boolean): String }
        type Launch implements Node { id: ID! site: String @deprecated(reason: "gone") mission: Mission kind: Kind }
        type Mission { name: String patch(size: Size = SMALL): String }
        union Result = Launch | Mission
        enum Kind { CREWED UNCREWED @deprecated }
        enum Size { SMALL LARGE }
        input Filter { text: String! limit: Int = 10 nested: Filter by: By }
        input By @oneOf { id: ID name: String }
        type Change { book(ids: [ID!]!, filter: Filter): Launch }
        scalar Date @specifiedBy(url: "https://example.invalid/date")
        directive @tag(name: String!) repeatable on OBJECT | FIELD_DEFINITION | ENUM_VALUE
        extend type Mission @tag(name: "m") { crew: Int @tag(name: "c") @tag(name: "d") }
        """,
    ]

    static let pieces = [
        "type", "interface", "input", "enum", "union", "scalar", "extend type Root", "implements Node", "implements Named", "& Node",
        "{ }", "{ a: Int }", "{ id: ID }", "{ id: ID! }", "{ name: Int }", "(full: Boolean!)", "(x: Int)", ": [Launch]", ": Launch!",
        ": Filter", ": Result", ": Kind", "!", "[", "]", "@deprecated", "@deprecated(reason: \"r\")", "@oneOf", "@tag", "@tag(name: \"x\")",
        "@specifiedBy(url: \"u\")", "@include(if: true)", "@nope", "__x", "= SMALL", "= 1", "= null", "| Launch", "| Filter", "| Mission",
        "schema { query: Root }", "extend schema { mutation: Change }", "directive @d on OBJECT", "directive @d(a: Int, a: Int) on FIELD",
        "input Loop { loop: Loop! }", "type Empty", "enum None", "union Nothing", "interface Self implements Self { a: Int }",
        "type T implements Node { id: ID }", "type U implements Named { id: ID! name: String }", "repeatable", "on OBJECT",
        "\n", "\"doc\"", "true", "Int", "String", "ID", "Boolean", ",", "extend enum Kind { CREWED }", "extend input Filter { text: Int }",
    ]

    @Test(.enabled(if: GraphQLCoreOracle.python != nil, "needs ROCKET_RESERVER_GRAPHQL_CORE_PYTHON (Scripts/test sets it)"))
    func weAcceptExactlyWhatGraphQLCoreAccepts() async throws {
        var random = SplitMix64(state: 2025)
        var schemas = Self.bases
        for _ in 0..<1_000 { schemas.append(Self.generatedSchema(&random)) }
        for _ in 0..<1_000 { schemas.append(Self.cleanSchema(&random)) }
        for _ in 0..<2_000 {
            var scalars = Array(Self.bases[Int.random(in: 0..<Self.bases.count, using: &random)].unicodeScalars)
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                // Mutations at word boundaries keep many schemas parseable, so the type system
                // rules, not the parser, decide most verdicts.
                let spaces = scalars.indices.filter { scalars[$0] == " " }
                let position = spaces.isEmpty ? 0 : spaces[Int.random(in: 0..<spaces.count, using: &random)]
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    let end = scalars[(position + 1)...].firstIndex(of: " ") ?? scalars.count
                    scalars.removeSubrange(position..<end)
                case 1, 2: scalars.insert(contentsOf: (" " + Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)] + " ").unicodeScalars, at: position)
                default:
                    let end = scalars[(position + 1)...].prefix(40).lastIndex(of: " ") ?? position
                    scalars.insert(contentsOf: scalars[position..<end], at: position)
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            schemas.append(String(text))
        }
        let verdicts = try await GraphQLCoreOracle.verdicts(script: Self.folder.appendingPathComponent("Oracle/graphql_core_schemas.py"), request: schemas)
        try #require(verdicts.count == schemas.count)
        var accepted = 0
        var disagreements: [String] = []
        for (sdl, theirs) in zip(schemas, verdicts) {
            var ours: String?
            do { _ = try Schema.parse(sdl, sourceName: "s") } catch { ours = error.message }
            if ours == nil { accepted += 1 }
            if (ours == nil) != (theirs == nil) {
                disagreements.append("ours: \(ours ?? "valid"); graphql-core: \(theirs ?? "valid")\n\(sdl)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(schemas.count) disagree:\n\n\(disagreements.prefix(10).joined(separator: "\n\n"))")
        // The mutations must leave enough valid schemas for agreement on acceptance to mean something.
        #expect(accepted > schemas.count / 8, "only \(accepted) of \(schemas.count) schemas are valid")
    }

    /// A schema put together from random definitions: well-formed SDL, so the type system rules
    /// decide, with names, kinds, references, defaults and directives chosen to break each rule
    /// now and then.
    static func generatedSchema(_ random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        let names = ["Query", "A", "B", "I", "J", "U", "E", "In", "Other"]
        let kinds = ["type", "type", "interface", "interface", "union", "enum", "input", "scalar"]
        var kindOf = ["Query": chance(95) ? "type" : pick(kinds)]
        for name in names.dropFirst() { kindOf[name] = pick(kinds) }
        func typeReference() -> String {
            var type = chance(85) ? pick(names + ["Int", "String", "ID", "Boolean"]) : pick(["Missing", "Float"])
            if chance(25) { type += "!" }
            if chance(20) { type = "[\(type)]" }
            if chance(20) { type += "!" }
            return type
        }
        func literal() -> String { pick(["1", "\"s\"", "true", "null", "SMALL", "X", "{a: 1}", "[1]", "{}", "1.5"]) }
        func inputValue(_ name: String) -> String {
            var text = "\(name): \(typeReference())"
            if chance(25) { text += " = \(literal())" }
            if chance(10) { text += " @deprecated" }
            return text
        }
        var lines: [String] = []
        for name in names {
            guard let kind = kindOf[name], chance(92) else { continue }
            var line = "\(kind) \(name)"
            switch kind {
            case "type", "interface":
                let interfaces = names.filter { $0 != "Query" && chance(kindOf[$0] == "interface" ? 35 : 4) }
                if !interfaces.isEmpty { line += " implements " + interfaces.joined(separator: " & ") }
                if chance(5) { line += " @oneOf" }
                let fields = (0..<Int.random(in: (chance(5) ? 0 : 1)...3, using: &random)).map { _ -> String in
                    var field = pick(["a", "b", "id", "a", "__x"])
                    if chance(30) { field += "(" + (0..<Int.random(in: 1...2, using: &random)).map { _ in inputValue(pick(["x", "y", "x"])) }.joined(separator: ", ") + ")" }
                    field += ": \(typeReference())"
                    if chance(10) { field += " @deprecated" }
                    return field
                }
                line += fields.isEmpty ? "" : " { " + fields.joined(separator: " ") + " }"
            case "union":
                let members = names.filter { _ in chance(30) }
                if !members.isEmpty { line += " = " + members.joined(separator: " | ") }
            case "enum":
                let values = (0..<Int.random(in: (chance(5) ? 0 : 1)...3, using: &random)).map { _ in pick(["X", "Y", "SMALL", "X", "__Z"]) }
                line += values.isEmpty ? "" : " { " + values.joined(separator: " ") + " }"
            case "input":
                if chance(20) { line += " @oneOf" }
                let fields = (0..<Int.random(in: (chance(5) ? 0 : 1)...3, using: &random)).map { _ in inputValue(pick(["a", "b", "a"])) }
                line += fields.isEmpty ? "" : " { " + fields.joined(separator: " ") + " }"
            default:
                if chance(10) { line += " @specifiedBy(url: \"u\")" }
            }
            lines.append(line)
        }
        if chance(15) { lines.append("schema { query: \(pick(names)) \(chance(30) ? "mutation: \(pick(names))" : "") }") }
        if chance(15) { lines.append("directive @d(\(inputValue("a"))) on \(pick(["OBJECT", "FIELD_DEFINITION", "INPUT_OBJECT", "QUERY"]))") }
        if chance(10) { lines.append("extend type Query { \(pick(["a", "c"])): Int }") }
        return lines.joined(separator: "\n")
    }

    /// A schema whose references fit their kinds (output types for fields, input types for
    /// arguments, objects in unions, non-empty types): mostly valid, so that agreeing on what is
    /// accepted is tested too; interfaces are implemented with their fields copied.
    static func cleanSchema(_ random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        let names = ["A", "B", "I", "U", "E", "In", "S"]
        var kindOf: [String: String] = ["Query": "type"]
        for name in names { kindOf[name] = pick(["type", "interface", "union", "enum", "input", "scalar"]) }
        let output = ["Int", "String", "ID", "Boolean", "Float"] + names.filter { kindOf[$0] != "input" }
        let input = ["Int", "String", "ID", "Boolean", "Float"] + names.filter { ["enum", "input", "scalar"].contains(kindOf[$0] ?? "") }
        let objects = names.filter { kindOf[$0] == "type" }
        func wrap(_ type: String, nonNull: Bool) -> String {
            var text = type
            if nonNull, chance(30) { text += "!" }
            if chance(20) { text = "[\(text)]" }
            return text
        }
        func fields() -> String {
            let chosen = ["a", "b", "c"].filter { _ in chance(60) }
            return (chosen.isEmpty ? ["a"] : chosen).map { name in
                let arguments = chance(25) ? "(x: \(wrap(pick(input), nonNull: true)))" : ""
                return "\(name)\(arguments): \(wrap(pick(output), nonNull: true))\(chance(10) ? " @deprecated" : "")"
            }.joined(separator: " ")
        }
        var bodies: [String: String] = ["Query": fields()]
        var lines: [String] = []
        for name in ["Query"] + names {
            switch kindOf[name] ?? "" {
            case "type", "interface":
                let body = bodies[name] ?? fields()
                bodies[name] = body
                lines.append("\(kindOf[name] ?? "type") \(name) { \(body) }")
            case "union":
                let members = objects.filter { _ in chance(60) }
                lines.append("union \(name) = " + (members.isEmpty ? ["Query"] : members).joined(separator: " | "))
            case "enum":
                lines.append("enum \(name) { X\(chance(50) ? " Y" : "")\(chance(20) ? " Z @deprecated" : "") }")
            case "input":
                let scalars = ["Int", "String", "Boolean"] + names.filter { kindOf[$0] == "enum" }
                lines.append("input \(name) { a: \(wrap(pick(scalars), nonNull: true))\(chance(50) ? " b: \(name)" : "") }")
            default:
                lines.append("scalar \(name)")
            }
        }
        // Objects implement an interface by copying its fields.
        for object in objects where chance(40) {
            guard let interface = names.first(where: { kindOf[$0] == "interface" }), let body = bodies[interface],
                  let index = lines.firstIndex(where: { $0.hasPrefix("type \(object) ") })
            else { continue }
            lines[index] = "type \(object) implements \(interface) { \(body) }"
        }
        return lines.joined(separator: "\n")
    }
}
