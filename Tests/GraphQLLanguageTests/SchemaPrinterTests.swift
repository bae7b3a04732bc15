import GraphQLLanguage
import Testing

@Suite(.timeLimit(.minutes(5)))
struct SchemaPrinterTests {
    @Test func printsTheTutorialSchemaAsAFixedPoint() throws {
        let schema = try Schema.parse(try TestFile.read(SchemaParsingTests.tutorialSchemaPath), sourceName: "schema.graphql")
        let printed = SchemaPrinter.print(schema)
        let reparsed = try Schema.parse(printed, sourceName: "printed.graphqls")
        #expect(SchemaPrinter.print(reparsed) == printed)
        #expect(reparsed.definedTypes.map(\.name) == schema.definedTypes.map(\.name))
        for type in schema.definedTypes {
            let again = try #require(reparsed[type.name])
            #expect(again.kind == type.kind)
            #expect(again.description == type.description)
            #expect(again.enumValues == type.enumValues)
            #expect(Self.summary(again.fields) == Self.summary(type.fields))
        }
        #expect(printed.contains("""
            type Query {
              launches(
                \"\"\"The number of results to show. Must be >= 1. Default = 20\"\"\"
                pageSize: Int
                \"\"\"
                If you add a cursor here, it will only return results _after_ this cursor
                \"\"\"
                after: String
              ): LaunchConnection!
            """))
        #expect(printed.contains("type Mission {\n  name: String\n  missionPatch(size: PatchSize): String\n}"))
        #expect(printed.contains("enum PatchSize {\n  SMALL\n  LARGE\n}"))
        #expect(!printed.contains("schema {"))
    }

    /// Fields with their types, descriptions and arguments, without source positions.
    static func summary(_ fields: [SchemaField]) -> [String] {
        fields.map { field in
            let arguments = field.arguments.map { "\($0.name): \($0.type) = \($0.defaultValue?.description ?? "-") \($0.description ?? "-")" }
            return "\(field.name): \(field.type) \(field.description ?? "-") \(field.deprecationReason ?? "-") (\(arguments.joined(separator: ", ")))"
        }
    }

    @Test func printsEveryKindOfDefinition() throws {
        let source = """
            schema {
              query: Root
            }

            directive @cached(ttl: Int = 60) repeatable on QUERY | FIELD

            \"\"\"A node\"\"\"
            interface Node {
              id: ID!
            }

            type Root implements Node {
              id: ID!
              old: Int @deprecated(reason: "gone")
              older: Int @deprecated
              pet(kind: Kind = DOG, filter: Filter): Pet
            }

            union Pet = Root

            enum Kind {
              \"\"\"
              Says "Woof",
                twice
              \"\"\"
              DOG
              CAT @deprecated
            }

            input Filter {
              name: String = "x"
              limit: Int!
            }

            scalar Date

            """
        let schema = try Schema.parse(source, sourceName: "s.graphqls")
        #expect(SchemaPrinter.print(schema) == source)
    }
}
