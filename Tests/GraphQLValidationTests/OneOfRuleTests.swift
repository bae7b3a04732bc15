import GraphQLCodegen
import GraphQLLanguage
import GraphQLValidation
import Testing

/// OneOf Input Objects (`@oneOf`, September 2025 spec): a literal gives exactly one field, not
/// `null`; a variable for that field must be non-null; the schema keeps its fields nullable
/// and without defaults.
@Suite("OneOf Input Objects", .timeLimit(.minutes(5)))
struct OneOfRuleTests {
    static let schema: Schema = {
        let source = """
            type Query { pet(by: PetBy): String }
            input PetBy @oneOf { id: ID, name: String, nested: PetBy }
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("fixture schema: \(error)") }
    }()

    /// The diagnostics, or for a valid document what the generator refuses (`generator: …`).
    static func errors(_ text: String) -> [String] { ValidationFixture.errors(text, file: "T.graphql", against: schema) }

    @Test func theSchemaKnowsTheDirectiveAndPrintsIt() throws {
        #expect(Self.schema.types["PetBy"]?.isOneOf == true)
        let printed = SchemaPrinter.print(Self.schema)
        #expect(printed.contains("input PetBy @oneOf {"))
        #expect(try Schema.parse(printed, sourceName: "printed").types["PetBy"]?.isOneOf == true)
    }

    @Test(arguments: [
        #"{ pet(by: {id: "1"}) }"#, #"{ pet(by: {name: "Rex"}) }"#, #"{ pet(by: {nested: {id: "1"}}) }"#,
        #"query Q($id: ID!) { pet(by: {id: $id}) }"#, #"query Q($by: PetBy) { pet(by: $by) }"#,
    ])
    func exactlyOneNonNullFieldIsValid(_ document: String) {
        #expect(Self.errors(document) == [])
    }

    @Test func noFieldOrTwoFieldsAreRefused() {
        #expect(Self.errors(#"{ pet(by: {}) }"#) == [#"1:11: OneOf Input Object "PetBy" must specify exactly one key."#])
        #expect(Self.errors(#"{ pet(by: {id: "1", name: "Rex"}) }"#) == [#"1:11: OneOf Input Object "PetBy" must specify exactly one key."#])
        #expect(Self.errors(#"{ pet(by: {nested: {}}) }"#) == [#"1:20: OneOf Input Object "PetBy" must specify exactly one key."#])
    }

    @Test func aNullFieldIsRefused() {
        #expect(Self.errors(#"{ pet(by: {id: null}) }"#) == [#"1:16: Field "PetBy.id" must be non-null."#])
    }

    @Test func aNullableVariableForTheFieldIsRefused() {
        #expect(Self.errors(#"query Q($id: ID) { pet(by: {id: $id}) }"#) == [
            #"1:33: Variable "$id" of type "ID" used in position expecting type "ID!"."#
        ])
    }

    @Test(arguments: [
        ("input In @oneOf { a: Int! b: Int }", "2:1: error: OneOf input field In.a must be nullable."),
        ("input In @oneOf { a: Int = 1 b: Int }", "2:1: error: OneOf input field In.a cannot have a default value."),
        ("type T @oneOf { a: Int }", "2:8: error: Directive \"@oneOf\" may not be used on OBJECT."),
    ])
    func aOneOfTypeKeepsItsFieldsNullableWithoutDefaults(_ sdl: String, _ expected: String) {
        do {
            _ = try Schema.parse("type Query { a: Int }\n" + sdl, sourceName: "s")
            Issue.record("accepted: \(sdl)")
        } catch {
            #expect(error.description == "s:" + expected)
        }
    }
}
