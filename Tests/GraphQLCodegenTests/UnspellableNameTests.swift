import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// Names the generated Swift cannot spell apart get an error at their spot instead of Swift
/// that does not compile: two values of one enum that make the same Swift case, a variable
/// named like the `Variables` member `jsonValues`, and a variable typed with an enum or input
/// object that the operation's own `Data` or `Variables` struct would hide. Variables named
/// like the locals of `jsonValues` (`values`, `value`) are read through `self`.
@Suite(.timeLimit(.minutes(5)))
struct UnspellableNameTests {
    func errors(schema sdl: String, document: String) throws -> [String] {
        let schema = try Schema.parse(sdl, sourceName: "schema.graphqls")
        return switch RecordedGeneration.generate(sources: [(name: "Ops/Test.graphql", text: document)], schema: schema) {
        case .success: []
        case .failure(let errors): errors.diagnostics.map(\.description)
        }
    }

    @Test(arguments: [
        ("A_B", "aB", "aB"),
        ("IN_PROGRESS", "inProgress", "inProgress"),
        ("unknown", "UNKNOWN", "unknown_"),
        ("in", "IN", "in"),
        ("Big", "big", "big"),
    ])
    func twoEnumValuesWithOneSwiftCaseAreAnErrorAtTheEnum(_ first: String, _ second: String, _ swiftCase: String) throws {
        // The enum is written to the schema types' file whether or not a document uses it.
        let found = try errors(schema: "type Query { x: Int }\n  enum Mode { OTHER, \(first), \(second) }", document: "query Find { x }")
        #expect(found == [
            "schema.graphqls:2:3: error: The enum \"Mode\" has values \"\(first)\" and \"\(second)\" that would both be the Swift case \(swiftCase); the generated enum cannot tell them apart.",
        ])
    }

    @Test func enumValuesWithDistinctSwiftCasesGenerate() throws {
        let schema = try Schema.parse("type Query { x(m: Mode): Int }\nenum Mode { A_B, AB, a_b_c }", sourceName: "schema.graphqls")
        let files = try RecordedGeneration.generate(sources: [(name: "Ops/Test.graphql", text: "query Find($m: Mode) { x(m: $m) }")], schema: schema).get()
        let types = try #require(files.first { $0.name == CodeGenerator.schemaTypesFileName }).contents
        for swiftCase in ["case aB\n", "case ab\n", "case aBC\n"] { #expect(types.contains(swiftCase), "\(types)") }
    }

    @Test func aVariableNamedJSONValuesIsAnErrorAtTheVariable() throws {
        let found = try errors(schema: "type Query { x(s: String, t: String): Int }", document: "query Find($s: String,\n  $jsonValues: String) { x(s: $s, t: $jsonValues) }")
        #expect(found == [
            "Ops/Test.graphql:2:3: error: The variable \"$jsonValues\" would be a Swift property named like the generated Variables' jsonValues member; rename the variable.",
        ])
    }

    @Test(arguments: ["json", "values", "JSONValues", "jsonValue"])
    func variablesNamedNearJSONValuesGenerate(_ name: String) throws {
        #expect(try errors(schema: "type Query { x(s: String): Int }", document: "query Find($\(name): String) { x(s: $\(name)) }") == [])
    }

    @Test func variablesNamedLikeTheLocalsOfJSONValuesAreReadThroughSelf() throws {
        let schema = try Schema.parse("type Query { x(s: String, t: Int): Int }", sourceName: "schema.graphqls")
        let files = try RecordedGeneration.generate(sources: [(name: "Ops/Test.graphql", text: "query Find($values: String, $value: Int!) { x(s: $values, t: $value) }")], schema: schema).get()
        let code = try #require(files.first).contents
        #expect(code.contains("if let value = self.values { values[\"values\"] = value.graphQLInputValue }"), "\(code)")
        #expect(code.contains("values[\"value\"] = self.value.graphQLInputValue"), "\(code)")
    }

    static let hiddenTypesSchema = """
        type Query { x(d: Data, v: Vars, vs: Variables, ds: [Data!], k: Kind): Int, y: Y }
        type Y { mood: Data, moods: [Data!]!, status: Variables, kind: Kind }
        enum Variables { ON }
        enum Data { ONE, TWO }
        input Vars { a: Int }
        enum Kind { A }
        """

    @Test(arguments: [
        ("$d: Data", "d: $d", "d", "Data"),
        ("$v: Variables!", "vs: $v", "v", "Variables"),
        ("$ds: [Data!]", "ds: $ds", "ds", "Data"),
    ])
    func aVariableTypedWithATypeTheOperationHidesIsAnErrorAtTheVariable(_ definition: String, _ argument: String, _ name: String, _ type: String) throws {
        let found = try errors(schema: Self.hiddenTypesSchema, document: "query Find($k: Kind, \(definition)) { x(k: $k, \(argument)) }")
        #expect(found == [
            "Ops/Test.graphql:1:22: error: The variable \"$\(name)\" has the type \(type), which the operation's own \(type) struct would hide in the generated Swift; write the value in the document instead of as a variable.",
        ])
    }

    @Test func aVariableTypedWithAnInputObjectNamedVariablesIsAnError() throws {
        let found = try errors(schema: "type Query { x(v: Variables): Int }\ninput Variables { a: Int }", document: "query Find($v: Variables) { x(v: $v) }")
        #expect(found == [
            "Ops/Test.graphql:1:12: error: The variable \"$v\" has the type Variables, which the operation's own Variables struct would hide in the generated Swift; write the value in the document instead of as a variable.",
        ])
    }

    @Test func theHiddenTypesWrittenInTheDocumentGenerate() throws {
        #expect(try errors(schema: Self.hiddenTypesSchema, document: "query Find($k: Kind) { x(k: $k, d: ONE, v: {a: 1}, vs: ON, ds: [TWO]) y { kind } }") == [])
    }

    @Test(arguments: [("mood", "Data"), ("moods", "Data"), ("status", "Variables"), ("other: mood", "Data")])
    func aFieldTypedWithAnEnumTheOperationHidesIsAnErrorAtTheField(_ selection: String, _ type: String) throws {
        let name = selection.split(separator: " ").last.map(String.init) ?? selection
        let found = try errors(schema: Self.hiddenTypesSchema, document: "query Find { y { kind\n  \(selection) } }")
        #expect(found == [
            "Ops/Test.graphql:2:3: error: The field \"\(name)\" has the type \(type), which the operation's own \(type) struct would hide in the generated Swift; leave the field out.",
        ])
    }

    @Test func aFieldTypedWithAHiddenEnumInAFragmentIsAnErrorInTheFragment() throws {
        let found = try errors(schema: Self.hiddenTypesSchema, document: "query Find { y { ...Mood } }\nfragment Mood on Y { mood }")
        #expect(found == [
            "Ops/Test.graphql:2:22: error: The field \"mood\" has the type Data, which the operation's own Data struct would hide in the generated Swift; leave the field out.",
        ])
    }
}
