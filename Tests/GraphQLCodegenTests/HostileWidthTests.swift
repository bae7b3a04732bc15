import GraphQLCodegen
import GraphQLLanguage
import GraphQLPlanning
import GraphQLValidation
import TestExpectations
import Testing

/// Wide documents and schemas, 1 MB against 10 MB, through every pass the generator and the
/// console run: validating, merging and planning an operation, generating Swift, and printing a
/// schema as SDL and reading it back. Each gives the same kind of answer at both sizes (the
/// plan has every field, the file every operation, or the generator's work bound in a
/// sentence), in time linear in the size (``LinearTime``: a guard against a quadratic walk,
/// not a measurement; `rocket-reserver-codegen-bench --hostile` prints the numbers).
@Suite("Hostile width", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileWidthTests {
    static let schema = GeneratorTests.schema

    /// The first diagnostic of a document refused, by the validator, the planner or the generator.
    struct Refusal: Error {
        let message: String
    }

    /// The text of `count` copies of `unit(index)`.
    static func repeated(_ count: Int, _ unit: (Int) -> String) -> (text: String, count: Int) {
        var text = ""
        for index in 0..<count { text += unit(index) }
        return (text, count)
    }

    /// Parses and validates `text`; `nil` unless it is valid.
    static func validated(_ text: String) -> Document? {
        guard let document = try? Parser.parse(text, sourceName: "wide.graphql") else { return nil }
        return Validator.validate([document], against: schema).isEmpty ? document : nil
    }

    /// The fields planned for the document's `index`th operation (validated first, as `query`
    /// does), or the first diagnostic's message.
    static func plan(_ text: String, operation index: Int = 0) -> Result<[ClientFieldPlan], Refusal> {
        let document: Document
        do { document = try Parser.parse(text, sourceName: "wide.graphql") } catch { return .failure(Refusal(message: error.message)) }
        if let problem = Validator.validate([document], against: schema).first { return .failure(Refusal(message: problem.message)) }
        guard index < document.operations.count else { return .failure(Refusal(message: "no operation \(index)")) }
        let plan = ClientOperationPlanner.plan(document.operations[index], sourceName: "wide.graphql", documents: [document], schema: schema)
        return plan.map(\.fields).mapError { Refusal(message: $0.diagnostics.first?.message ?? "") }
    }

    /// The fields planned for the document's `index`th operation, or `nil`.
    static func plannedFields(_ text: String, operation index: Int = 0) -> [ClientFieldPlan]? {
        try? plan(text, operation: index).get()
    }

    /// The generated file, or the generator's first refusal.
    static func generated(_ text: String) -> Result<String, Refusal> {
        switch CodeGenerator.generate(sources: [(name: "Wide.graphql", text: text)], schema: schema) {
        case .success(let files): .success(files.first?.contents ?? "")
        case .failure(let errors): .failure(Refusal(message: errors.diagnostics.first?.message ?? ""))
        }
    }

    static let workBound = "The selection grows to more than 500000 fields once its fragments are merged"

    /// The merge's bound (``SelectionMerger``'s maximum work), as its sentence states it.
    enum SelectionMergerBound { static let fields = 500_000 }

    @Test("Many operations: 10,000 and 100,000 of them validated, and the last one planned")
    func manyOperationsPlan() async {
        await LinearTime.expect("operations planned") { (scale: Int) -> (text: String, count: Int) in
            Self.repeated(scale * 10_000) { "query Q\($0) { item(id: 1) { id } }\n" }
        } work: { (input: (text: String, count: Int)) in
            Self.plannedFields(input.text, operation: input.count - 1)?.first?.selections.map(\.name) == ["id"]
        }
    }

    @Test("Many operations generate one struct each, 1,000 against 10,000 of them")
    func manyOperationsGenerate() async {
        await LinearTime.expect("operations generated") { (scale: Int) -> (text: String, count: Int) in
            Self.repeated(scale * 1_000) { "query Q\($0) { item(id: 1) { id } }\n" }
        } work: { (input: (text: String, count: Int)) in
            guard case .success(let code) = Self.generated(input.text) else { return false }
            return code.components(separatedBy: ": GeneratedOperation {").count - 1 == input.count
        }
    }

    @Test("Wide aliasing: 100,000 aliases plan and generate like 10,000; 750,000 (10 MB) end in the merge's bound")
    func wideAliasing() async {
        await LinearTime.expect("aliases") { (scale: Int) -> (text: String, count: Int) in
            let (fields, count) = Self.repeated(scale * 10_000) { "a\($0): name " }
            return (text: "query Wide { item(id: 1) { " + fields + "} }", count: count)
        } work: { (input: (text: String, count: Int)) in
            Self.aliasesPlannedAndGenerated(input)
        }
        let (fields, count) = Self.repeated(750_000) { "a\($0): name " }
        #expect(Self.aliasesPlannedAndGenerated((text: "query Wide { item(id: 1) { " + fields + "} }", count: count)))
    }

    /// Whether `count` aliased fields plan and generate, or past the merge's bound are refused by both with its sentence.
    static func aliasesPlannedAndGenerated(_ input: (text: String, count: Int)) -> Bool {
        let withinBound = input.count <= SelectionMergerBound.fields
        switch (Self.plan(input.text), Self.generated(input.text)) {
        case (.success(let fields), .success(let code)):
            return withinBound && fields.first?.selections.count == input.count && code.contains("public let a\(input.count - 1): Swift.String?")
        case (.failure(let planned), .failure(let generated)):
            return !withinBound && planned.message.hasPrefix(Self.workBound) && generated.message.hasPrefix(Self.workBound)
        default:
            return false
        }
    }

    @Test("One field repeated 20,000 and 200,000 times plans and generates one field")
    func repeatedField() async {
        await LinearTime.expect("a repeated field") { (scale: Int) -> (text: String, count: Int) in
            Self.repeated(scale * 20_000) { _ in "name " }
        } work: { (input: (text: String, count: Int)) in
            let text = "query Same { item(id: 1) { " + input.text + "} }"
            guard Self.plannedFields(text)?.first?.selections.map(\.name) == ["name"] else { return false }
            guard case .success(let code) = Self.generated(text) else { return false }
            return code.components(separatedBy: "public let name: Swift.String?").count - 1 == 1
        }
    }

    @Test("Fragments side by side: 10,000 and 100,000 of them are validated and planned once each")
    func fragmentsSideBySide() async {
        await LinearTime.expect("fragments side by side") { (scale: Int) -> (text: String, count: Int) in
            Self.sideBySide(Self.repeated(scale * 10_000) { "fragment F\($0) on Item { a\($0): name }\n" })
        } work: { (input: (text: String, count: Int)) in
            Self.plannedFields(input.text)?.first?.selections.count == input.count
        }
    }

    @Test("Fragments side by side generate one struct each, 1,000 against 10,000 of them")
    func fragmentsSideBySideGenerate() async {
        await LinearTime.expect("fragments side by side generated") { (scale: Int) -> (text: String, count: Int) in
            Self.sideBySide(Self.repeated(scale * 1_000) { "fragment F\($0) on Item { a\($0): name }\n" })
        } work: { (input: (text: String, count: Int)) in
            guard case .success(let code) = Self.generated(input.text) else { return false }
            return code.components(separatedBy: "public static let fragmentDefinition = ").count - 1 == input.count
        }
    }

    /// One operation spreading every fragment of `definitions` side by side.
    static func sideBySide(_ definitions: (text: String, count: Int)) -> (text: String, count: Int) {
        let spreads = (0..<definitions.count).map { "...F\($0)" }.joined(separator: " ")
        return ("query Side { item(id: 1) { " + spreads + " } }\n" + definitions.text, definitions.count)
    }

    @Test("A wide schema (1 MB and 10 MB of types and fields) prints as SDL that reads back as itself, also rebuilt from its types")
    func wideSchemaPrints() async {
        await LinearTime.expect("schema printed") { (megabytes: Int) -> (text: String, count: Int) in
            Self.repeated(megabytes * 8_000) { index in
                "\"Type \(index)\"\ntype T\(index) implements Node { id: ID!, f(a: Int = \(index), b: [String!]): T\(index + 1) @deprecated, g: U\(index) }\n"
                    + "union U\(index) = T\(index)\n"
            }
        } work: { (input: (text: String, count: Int)) in
            let last = input.count - 1
            let sdl = "type Query { t: T0 }\ninterface Node { id: ID! }\n" + input.text + "type T\(input.count) implements Node { id: ID! }\n"
            guard let schema = try? Schema.parse(sdl, sourceName: "wide.graphqls") else { return false }
            let printed = SchemaPrinter.print(schema)
            guard let reparsed = try? Schema.parse(printed, sourceName: "printed.graphqls"), SchemaPrinter.print(reparsed) == printed,
                reparsed["T\(last)"]?.fields.map(\.name) == ["id", "f", "g"]
            else { return false }
            // The `schema` command's way: the schema assembled from its types, then printed.
            guard
                let assembled = try? Schema.assembled(
                    types: schema.definedTypes, directives: Array(schema.directives.values), queryType: schema.queryType, mutationType: nil,
                    subscriptionType: nil, sourceName: "introspection"
                )
            else { return false }
            return SchemaPrinter.print(assembled) == printed
        }
    }
}
