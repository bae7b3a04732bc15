import GraphQLLanguage
import Testing

/// The spec's type system rules (section 3, and graphql-js's SDL rules), each from the spec's
/// text: a schema that breaks one is refused with the rule's message at the offending place;
/// schemas that keep them all still build.
@Suite("Type system validation", .timeLimit(.minutes(5)))
struct TypeSystemValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var sdl: String
        /// `line:column: error: message`.
        var error: String
    }

    static let query = "type Query { a: Int }\n"

    static let invalid: [Case] = [
        // Types that are empty.
        Case(testDescription: "object without fields", sdl: query + "type T", error: "2:1: error: Type T must define one or more fields."),
        Case(testDescription: "interface without fields", sdl: query + "interface I", error: "2:1: error: Type I must define one or more fields."),
        Case(testDescription: "input without fields", sdl: query + "input In", error: "2:1: error: Input Object type In must define one or more fields."),
        Case(testDescription: "union without members", sdl: query + "union U", error: "2:1: error: Union type U must define one or more member types."),
        Case(testDescription: "enum without values", sdl: query + "enum E", error: "2:1: error: Enum type E must define one or more values."),
        // Names defined twice.
        Case(testDescription: "duplicate field", sdl: "type Query { a: Int a: String }", error: "1:21: error: Field \"Query.a\" can only be defined once."),
        Case(
            testDescription: "duplicate field through an extension", sdl: query + "extend type Query { a: Int }",
            error: "2:21: error: Field \"Query.a\" can only be defined once."
        ),
        Case(
            testDescription: "duplicate input field", sdl: query + "input In { x: Int x: Int }",
            error: "2:19: error: Field \"In.x\" can only be defined once."
        ),
        Case(testDescription: "duplicate enum value", sdl: query + "enum E { A B A }", error: "2:14: error: Enum value \"E.A\" can only be defined once."),
        Case(
            testDescription: "duplicate argument", sdl: "type Query { f(a: Int, a: Int): Int }",
            error: "1:24: error: Argument \"Query.f(a:)\" can only be defined once."
        ),
        Case(
            testDescription: "duplicate directive argument", sdl: query + "directive @d(a: Int, a: Int) on FIELD",
            error: "2:22: error: Argument \"@d(a:)\" can only be defined once."
        ),
        Case(
            testDescription: "duplicate operation type", sdl: query + "type Other { a: Int }\nschema { query: Query query: Other }",
            error: "3:30: error: There can be only one query type in schema."
        ),
        Case(
            testDescription: "duplicate operation type through an extension", sdl: query + "schema { query: Query }\nextend schema { query: Query }",
            error: "3:24: error: There can be only one query type in schema."
        ),
        Case(
            testDescription: "duplicate union member", sdl: query + "type A { a: Int }\nunion U = A | A",
            error: "3:1: error: Union type U can only include type A once."
        ),
        // Directives.
        Case(testDescription: "unknown directive", sdl: "type Query @nope { a: Int }", error: "1:12: error: Unknown directive \"@nope\"."),
        Case(
            testDescription: "misplaced directive", sdl: "type Query { a: Int @specifiedBy(url: \"x\") }",
            error: "1:21: error: Directive \"@specifiedBy\" may not be used on FIELD_DEFINITION."
        ),
        Case(
            testDescription: "executable directive in SDL", sdl: "type Query { a: Int @include(if: true) }",
            error: "1:21: error: Directive \"@include\" may not be used on FIELD_DEFINITION."
        ),
        Case(
            testDescription: "directive repeated", sdl: "type Query { a: Int @deprecated @deprecated }",
            error: "1:33: error: The directive \"@deprecated\" can only be used once at this location."
        ),
        Case(
            testDescription: "unknown directive argument", sdl: "type Query { a: Int @deprecated(why: \"x\") }",
            error: "1:33: error: Unknown argument \"why\" on directive \"@deprecated\"."
        ),
        Case(
            testDescription: "missing required directive argument", sdl: query + "scalar Date @specifiedBy",
            error: "2:13: error: Directive \"@specifiedBy\" argument \"url\" of type \"String!\" is required, but it was not provided."
        ),
        Case(
            testDescription: "directive on an enum value of the wrong kind", sdl: query + "directive @d on FIELD_DEFINITION\nenum E { A @d }",
            error: "3:12: error: Directive \"@d\" may not be used on ENUM_VALUE."
        ),
        // Roots.
        Case(testDescription: "no query root", sdl: "type Mutation { a: Int }", error: "1:1: error: Query root type must be provided."),
        // Reserved names and values.
        Case(
            testDescription: "reserved type name", sdl: query + "type __T { a: Int }",
            error: "2:1: error: Name \"__T\" must not begin with \"__\", which is reserved by GraphQL introspection."
        ),
        Case(
            testDescription: "reserved field name", sdl: "type Query { __a: Int }",
            error: "1:14: error: Name \"__a\" must not begin with \"__\", which is reserved by GraphQL introspection."
        ),
        Case(
            testDescription: "enum value true", sdl: query + "enum E { A true }", error: "2:12: error: true is reserved and cannot be used for an enum value."
        ),
        Case(
            testDescription: "deprecated required argument", sdl: "type Query { f(a: Int! @deprecated): Int }",
            error: "1:14: error: Required argument Query.f(a:) cannot be deprecated."
        ),
        Case(
            testDescription: "deprecated required input field", sdl: query + "input In { x: Int! @deprecated }",
            error: "2:1: error: Required input field In.x cannot be deprecated."
        ),
        Case(
            testDescription: "non-null input cycle", sdl: query + "input A { b: B! }\ninput B { a: A! }",
            error: "2:1: error: Cannot reference Input Object \"A\" within itself through a series of non-null fields: \"b.a\"."
        ),
        // Interfaces.
        Case(
            testDescription: "missing interface field", sdl: query + "interface I { a: Int }\ntype T implements I { b: Int }",
            error: "3:1: error: Interface field I.a expected but T does not provide it."
        ),
        Case(
            testDescription: "wrong interface field type", sdl: query + "interface I { a: Int }\ntype T implements I { a: String }",
            error: "3:23: error: Interface field I.a expects type Int but T.a is type String."
        ),
        Case(
            testDescription: "nullable for a non-null interface field", sdl: query + "interface I { a: Int! }\ntype T implements I { a: Int }",
            error: "3:23: error: Interface field I.a expects type Int! but T.a is type Int."
        ),
        Case(
            testDescription: "list for a single interface field", sdl: query + "interface I { a: Int }\ntype T implements I { a: [Int] }",
            error: "3:23: error: Interface field I.a expects type Int but T.a is type [Int]."
        ),
        Case(
            testDescription: "missing interface argument", sdl: query + "interface I { a(x: Int): Int }\ntype T implements I { a: Int }",
            error: "3:23: error: Interface field argument I.a(x:) expected but T.a does not provide it."
        ),
        Case(
            testDescription: "wrong interface argument type", sdl: query + "interface I { a(x: Int): Int }\ntype T implements I { a(x: Int!): Int }",
            error: "3:23: error: Interface field argument I.a(x:) expects type Int but T.a(x:) is type Int!."
        ),
        Case(
            testDescription: "extra required argument", sdl: query + "interface I { a: Int }\ntype T implements I { a(y: Int!): Int }",
            error: "3:23: error: Object field T.a includes required argument y that is missing from the Interface field I.a."
        ),
        Case(
            testDescription: "transitive interface missing", sdl: query + "interface A { a: Int }\ninterface B implements A { a: Int }\ntype T implements B { a: Int }",
            error: "4:1: error: Type T must implement A because it is implemented by B."
        ),
        Case(
            testDescription: "interface implementing itself", sdl: query + "interface I implements I { a: Int }",
            error: "2:1: error: Type I cannot implement itself because it would create a circular reference."
        ),
        Case(
            testDescription: "interface listed twice", sdl: query + "interface I { a: Int }\ntype T implements I & I { a: Int }",
            error: "3:1: error: Type T can only implement I once."
        ),
    ]

    @Test(arguments: invalid)
    func aSchemaBreakingARuleIsRefusedAtItsPlace(_ example: Case) {
        #expect(throws: GraphQLDiagnostic.self) { try Schema.parse(example.sdl, sourceName: "s.graphqls") }
        do {
            _ = try Schema.parse(example.sdl, sourceName: "s.graphqls")
        } catch {
            #expect(error.description == "s.graphqls:" + example.error)
        }
    }

    static let valid: [(String, String)] = [
        ("covariant field types", query + "interface I { a: I }\ntype T implements I { a: T! }"),
        ("a union member for an interface field", query + "type A { a: Int }\nunion U = A\ninterface I { u: U }\ntype T implements I { u: A }"),
        ("a list of a subtype", query + "interface I { a: [I] }\ntype T implements I { a: [T!]! }"),
        ("an optional extra argument", query + "interface I { a: Int }\ntype T implements I { a(x: Int, y: Int! = 1): Int }"),
        ("transitive interfaces listed", query + "interface A { a: Int }\ninterface B implements A { a: Int }\ntype T implements B & A { a: Int }"),
        ("a nullable input cycle", query + "input A { b: B }\ninput B { a: A! }"),
        ("a list input cycle", query + "input A { a: [A!]! }"),
        ("a repeatable directive used twice", query + "directive @tag(name: String) repeatable on OBJECT\ntype T @tag(name: \"a\") @tag(name: \"b\") { a: Int }"),
        ("a directive defined after its use", "type Query @key { a: Int }\ndirective @key on OBJECT"),
        ("deprecated optional argument", "type Query { f(a: Int @deprecated, b: Int! = 1 @deprecated): Int }"),
        ("query root named otherwise", "schema { query: Root }\ntype Root { a: Int }"),
        ("specifiedBy on a scalar", query + "scalar Date @specifiedBy(url: \"https://example.invalid/date\")"),
    ]

    @Test(arguments: valid)
    func aSchemaKeepingTheRulesBuilds(_ name: String, _ sdl: String) throws {
        let schema = try Schema.parse(sdl, sourceName: name)
        // Built, not just accepted: it has its query root and every type the text defines.
        #expect(schema.queryType.flatMap { schema[$0] } != nil)
        let defined = sdl.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.count > 1, ["type", "interface", "union", "input", "scalar", "enum"].contains(String(words[0])) else { return nil }
            return String(words[1])
        }
        #expect(!defined.isEmpty)
        for type in defined { #expect(schema[type] != nil, "\(type) is missing") }
    }
}
