@testable import GraphQLClientDocumentRunner
import GraphQLLanguage
import JSON
import Testing

/// `--var` values are converted by the variable's declared type.
@Suite(.timeLimit(.minutes(5)))
struct VariableCoercionTests {
    static let schema: Schema = {
        let sdl = """
            enum PatchSize { SMALL LARGE }
            input TripInput { launchId: ID! seats: Int = 1 note: String }
            scalar Date
            type Query { launch(id: ID!): String }
            """
        do { return try Schema.parse(sdl, sourceName: "test.graphqls") } catch { fatalError("\(error)") }
    }()

    let coercion = VariableCoercion(schema: Self.schema)

    func value(_ text: String, _ type: String) throws -> JSONValue {
        try coercion.value(text, for: Parser.parseType(type, sourceName: "type"))
    }

    func problem(_ text: String, _ type: String) -> String? {
        do {
            _ = try value(text, type)
            return nil
        } catch let problem as VariableCoercion.Problem {
            return problem.text
        } catch {
            return "\(error)"
        }
    }

    @Test func scalarsFollowTheDeclaredType() throws {
        #expect(try value("25", "ID!") == .string("25"))
        #expect(try value("25", "String") == .string("25"))
        #expect(try value("3", "Int") == .int(3))
        #expect(try value("-7", "Int!") == .int(-7))
        #expect(try value("2.5", "Float") == .double(2.5))
        #expect(try value("2", "Float") == .double(2))
        #expect(try value("true", "Boolean!") == .bool(true))
        #expect(try value("LARGE", "PatchSize") == .string("LARGE"))
        #expect(try value("2024-01-01", "Date") == .string("2024-01-01"))
        #expect(try value("\"null\"", "String") == .string("null"))
    }

    @Test func nullOnlyForNullableTypes() throws {
        #expect(try value("null", "Int") == .null)
        #expect(try value("null", "ID") == .null)
        #expect(problem("null", "ID!")?.contains("cannot be null") == true)
    }

    @Test func valuesThatDoNotFitAreRefused() {
        #expect(problem("abc", "Int")?.contains("must be an Int") == true)
        #expect(problem("2147483648", "Int")?.contains("must be an Int") == true)
        #expect(problem("1.5", "Int")?.contains("must be an Int") == true)
        #expect(problem("yes", "Boolean")?.contains("must be a Boolean") == true)
        #expect(problem("HUGE", "PatchSize")?.contains("must be one of SMALL, LARGE") == true)
        #expect(problem("small", "PatchSize!") != nil)
        #expect(problem("x", "Float") != nil)
    }

    @Test func listsAreJSONOrASingleValue() throws {
        #expect(try value("[\"1\", 2]", "[ID]!") == .array([.string("1"), .string("2")]))
        #expect(try value("7", "[ID!]!") == .array([.string("7")]))
        #expect(try value("[1, null]", "[Int]") == .array([.int(1), .null]))
        #expect(problem("[1, null]", "[Int!]")?.contains("at [1]") == true)
        #expect(problem("[1, \"a\"]", "[Int]")?.contains("must be an Int") == true)
        #expect(problem("[1,", "[Int]") != nil)
    }

    @Test func inputObjectsAreJSONObjectsOfTheirFields() throws {
        #expect(try value("{\"launchId\": 5, \"seats\": 2}", "TripInput") == .object(["launchId": .string("5"), "seats": .int(2)]))
        #expect(problem("{\"seats\": 2}", "TripInput")?.contains("needs the field launchId") == true)
        #expect(problem("{\"launchId\": \"5\", \"seat\": 2}", "TripInput")?.contains("\"seat\"") == true)
        #expect(problem("{\"launchId\": \"5\", \"seats\": \"two\"}", "TripInput")?.contains("at seats") == true)
        #expect(problem("5", "TripInput")?.contains("JSON object") == true)
    }
}
