import GraphQLLanguage
import Testing

/// What `rocket-reserver schema` prints (``SchemaPrinter``) reads back with this parser, passes
/// the type system rules, and is the same schema: for the bundled schema and for one with every
/// construct SDL has.
@Suite(.timeLimit(.minutes(5)))
struct SchemaRoundTripTests {
    /// Every construct: a schema definition with roots named otherwise and a type named like a
    /// default root that is not one, interfaces implementing interfaces, unions, enums, input
    /// objects with defaults of every kind, `@oneOf`, deprecated fields, arguments, input fields
    /// and enum values, descriptions with braced escapes, quotes, control characters and several
    /// lines, repeatable directives with arguments, custom scalars and extensions.
    static let everyConstruct = #"""
        schema { query: Root mutation: Change }
        "A directive with a \u{1F600} in its description"
        directive @tag(name: String!, weight: Float = 1.5) repeatable on OBJECT | FIELD_DEFINITION | FIELD | QUERY
        directive @once on FIELD
        """
        The root, described
          over "three" lines
        and ending in a quote"
        """
        type Root implements Node & Named {
          id: ID!
          name: String
          "Braced: \u{1F680}, BMP: \u00e9, control: \u0007, tab:\t, bidi: \u202E."
          item(by: ItemBy, kind: Kind = SMALL, filter: Filter = {text: "x", limits: [1, 2], nested: {text: "y"}}, old: Int @deprecated(reason: "use by")): Item
          items(first: Int = 10 @deprecated, after: String): [Item!]! @deprecated(reason: "paged")
          search(text: String!): [Result!]
          mutation: Mutation
        }
        type Change { bump(id: ID!, by: Int! = 1): Root }
        "Not a root, though named like one."
        type Mutation { at: String }
        interface Node { id: ID! }
        interface Named implements Node { id: ID! name: String }
        type Item implements Node & Named { id: ID! name: String size: Size kind: Kind }
        union Result = Item | Root
        enum Kind { SMALL LARGE @deprecated OLD @deprecated(reason: "gone \"for good\"") }
        scalar Size
        input ItemBy @oneOf { id: ID name: String }
        input Filter { text: String! = "" limits: [Int!] nested: Filter old: Int @deprecated(reason: "unused") }
        extend type Item { extra: [[Int]!] }
        extend enum Kind { HUGE }
        """#

    /// Parses, prints, parses the print and prints again: the second print is the first, and
    /// every type, root and directive is the same in both schemas.
    static func roundTrip(_ sdl: String) throws -> (original: Schema, reparsed: Schema, printed: String) {
        let original = try Schema.parse(sdl, sourceName: "original.graphqls")
        let printed = SchemaPrinter.print(original)
        let reparsed = try Schema.parse(printed, sourceName: "printed.graphqls")
        #expect(SchemaPrinter.print(reparsed) == printed)
        #expect(reparsed.queryType == original.queryType && reparsed.mutationType == original.mutationType)
        #expect(reparsed.subscriptionType == original.subscriptionType)
        #expect(reparsed.definedTypes.map(\.name) == original.definedTypes.map(\.name))
        for type in original.definedTypes {
            let again = try #require(reparsed[type.name])
            #expect(again.kind == type.kind && again.description == type.description && again.isOneOf == type.isOneOf, "\(type.name)")
            #expect(again.interfaces == type.interfaces && again.unionMembers == type.unionMembers, "\(type.name)")
            #expect(again.enumValues == type.enumValues, "\(type.name)")
            #expect(Self.unplaced(again.fields) == Self.unplaced(type.fields), "\(type.name)")
            #expect(again.inputFields.map(Self.unplaced) == type.inputFields.map(Self.unplaced), "\(type.name)")
        }
        #expect(Set(reparsed.directives.keys) == Set(original.directives.keys))
        for (name, directive) in original.directives {
            let again = try #require(reparsed.directives[name])
            #expect(again.isRepeatable == directive.isRepeatable && again.locations == directive.locations && again.description == directive.description)
            #expect(again.arguments.map(Self.unplaced) == directive.arguments.map(Self.unplaced), "@\(name)")
        }
        return (original, reparsed, printed)
    }

    /// Fields without their source positions.
    static func unplaced(_ fields: [SchemaField]) -> [String] {
        fields.map { field in
            "\(field.name): \(field.type) \(field.description ?? "-") \(field.deprecationReason ?? "-") (\(field.arguments.map(unplaced).joined(separator: ", ")))"
        }
    }

    /// An argument or input field without its source position.
    static func unplaced(_ value: SchemaInputValue) -> String {
        "\(value.name): \(value.type) = \(value.defaultValue?.description ?? "-") \(value.description ?? "-") \(value.deprecationReason ?? "-")"
    }

    @Test func theBundledSchemaReadsBackAsItself() throws {
        let (original, _, printed) = try Self.roundTrip(try TestFile.read(SchemaParsingTests.tutorialSchemaPath))
        #expect(original.definedTypes.count > 10)
        #expect(printed.contains("type Query {"))
    }

    @Test func aSchemaWithEveryConstructReadsBackAsItself() throws {
        let (original, _, printed) = try Self.roundTrip(Self.everyConstruct)
        #expect(printed.hasPrefix("schema {\n  query: Root\n  mutation: Change\n}\n"), "\(printed)")
        #expect(printed.contains("directive @tag(name: String!, weight: Float = 1.5) repeatable on QUERY | FIELD | OBJECT | FIELD_DEFINITION"), "\(printed)")
        #expect(printed.contains("input ItemBy @oneOf {"), "\(printed)")
        #expect(printed.contains("old: Int @deprecated(reason: \"use by\")"), "\(printed)")
        #expect(printed.contains("first: Int = 10 @deprecated"), "\(printed)")
        #expect(original["Root"]?.fields.first { $0.name == "item" }?.description?.contains("\u{1F680}") == true)
        #expect(original["Kind"]?.enumValues.map(\.name) == ["SMALL", "LARGE", "OLD", "HUGE"])
    }

    @Test("A type named like a default root that is not one keeps the schema definition", arguments: [
        "type Query { a: Int }\ntype Mutation { b: Int }\nschema { query: Query }",
        "type Query { a: Int }\ntype Subscription { b: Int }\nschema { query: Query }",
        "type Query { a: Int }\ntype Mutation { b: Int }",
    ])
    func implicitRoots(_ sdl: String) throws {
        let (original, reparsed, printed) = try Self.roundTrip(sdl)
        #expect(reparsed.mutationType == original.mutationType && reparsed.subscriptionType == original.subscriptionType, "\(printed)")
        #expect(printed.hasPrefix("schema {") == (original.mutationType == nil), "\(printed)")
    }
}

/// The printer recurses only as deep as the parser allows (``Parser/maximumDepth``): a list
/// type and a default value nested just within the bound print and read back.
@Suite(.timeLimit(.minutes(5)))
struct SchemaRoundTripDepthTests {
    @Test func typesAndDefaultsAtTheParsersBoundReadBack() throws {
        let depth = Parser.maximumDepth - 3
        let type = String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
        let value = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let (_, reparsed, printed) = try SchemaRoundTripTests.roundTrip("type Query { f(a: \(type) = \(value)): \(type) }")
        #expect(printed.contains("f(a: \(type) = \(value)): \(type)"), "\(printed)")
        #expect(reparsed["Query"]?.fields.first?.type.description == type)
    }
}
