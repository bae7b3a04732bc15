import GraphQLLanguage
import Testing

@Suite(.timeLimit(.minutes(5)))
struct SchemaParsingTests {
    /// The schema the reference server serves and the client generates from.
    static let tutorialSchemaPath = String(#filePath.dropLast("Tests/GraphQLLanguageTests/SchemaParsingTests.swift".count))
        + "Server/Sources/RocketReserverServerCore/Resources/schema.graphql"

    @Test func buildsTheWholeTutorialSchema() throws {
        let schema = try Schema.parse(try TestFile.read(Self.tutorialSchemaPath), sourceName: "schema.graphql")
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == "Mutation")
        #expect(schema.subscriptionType == "Subscription")
        #expect(schema.definedTypes.map(\.name) == [
            "Upload", "Subscription", "Query", "Mutation", "TripUpdateResponse", "LaunchConnection", "Launch", "Rocket", "User",
            "Mission", "PatchSize",
        ])
        let launches = try #require(schema["Query"]?.field(named: "launches"))
        #expect(launches.type == .nonNull(.named("LaunchConnection")))
        #expect(launches.arguments.map(\.name) == ["pageSize", "after"])
        #expect(launches.arguments[0].description == "The number of results to show. Must be >= 1. Default = 20")
        #expect(schema["Mutation"]?.field(named: "bookTrips")?.arguments.first?.type.description == "[ID]!")
        #expect(schema["PatchSize"]?.enumValues.map(\.name) == ["SMALL", "LARGE"])
        #expect(schema["LaunchConnection"]?.description?.hasPrefix("Simple wrapper around our list of launches") == true)
        #expect(schema["Upload"]?.kind == .scalar)
        #expect(schema["ID"]?.kind == .scalar)
    }

    @Test func buildsEveryKindOfTypeWithExtensionsAndDirectives() throws {
        let schema = try Schema.parse(
            """
            schema { query: Root }
            "A node" interface Node { id: ID! }
            interface Named implements Node & Node2 { id: ID! name: String }
            interface Node2 { id: ID! }
            type Root implements Node { id: ID! pet(kind: Kind = DOG, filter: Filter): Pet old: Int @deprecated(reason: "gone") }
            type Dog implements Node & Named & Node2 { id: ID! name: String barks: Boolean }
            type Cat { meows: Boolean }
            union Pet = | Dog | Cat
            enum Kind { DOG CAT }
            input Filter { name: String = "x", limit: Int! }
            scalar Date @specifiedBy(url: "https://example.invalid")
            directive @cached(ttl: Int) repeatable on FIELD | QUERY
            extend type Cat { name: String }
            extend enum Kind { BIRD }
            extend union Pet = Bird
            type Bird { sings: Boolean }
            extend input Filter { tag: String }
            extend schema { mutation: Root }
            """, sourceName: "pets.graphqls")
        #expect(schema.queryType == "Root")
        #expect(schema.mutationType == "Root")
        #expect(schema["Node"]?.description == "A node")
        #expect(schema["Kind"]?.enumValues.map(\.name) == ["DOG", "CAT", "BIRD"])
        #expect(schema["Pet"]?.unionMembers == ["Dog", "Cat", "Bird"])
        #expect(schema["Cat"]?.fields.map(\.name) == ["meows", "name"])
        #expect(schema["Filter"]?.inputFields.map(\.name) == ["name", "limit", "tag"])
        #expect(schema["Filter"]?.inputField(named: "limit")?.isRequired == true)
        #expect(schema["Root"]?.field(named: "old")?.deprecationReason == "gone")
        #expect(schema.directives["cached"]?.locations == [.field, .query])
        #expect(schema.directives["cached"]?.isRepeatable == true)
        #expect(schema.directives["include"] != nil)
        if let node = schema["Node"] { #expect(schema.possibleTypes(of: node) == ["Root", "Dog"]) }
        if let pet = schema["Pet"] { #expect(schema.possibleTypes(of: pet) == ["Dog", "Cat", "Bird"]) }
    }

    @Test func reportsSchemaErrorsAtTheirDefinition() {
        #expect(throws: GraphQLDiagnostic(sourceName: "s", location: SourceLocation(line: 2, column: 6), message: "There can be only one type named \"A\".")) {
            try Schema.parse("type A { a: Int }\ntype A { b: Int }", sourceName: "s")
        }
        #expect(throws: GraphQLDiagnostic(sourceName: "s", location: SourceLocation(line: 1, column: 10), message: "Unknown type \"Missing\" for field \"A.a\".")) {
            try Schema.parse("type A { a: Missing }", sourceName: "s")
        }
        #expect(throws: GraphQLDiagnostic.self) { try Schema.parse("extend type Nope { a: Int }", sourceName: "s") }
        #expect(throws: GraphQLDiagnostic.self) { try Schema.parse("enum E { A }\nextend type E { a: Int }", sourceName: "s") }
        #expect(throws: GraphQLDiagnostic.self) { try Schema.parse("type A { a(x: A): Int }", sourceName: "s") }
        #expect(throws: GraphQLDiagnostic.self) { try Schema.parse("enum E { true }", sourceName: "s") }
    }
}
