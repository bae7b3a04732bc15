import Foundation
import GraphQL
import Testing
import RocketReserverServerCore

@Suite("schema served equals the SDL file")
struct SchemaIntrospectionTests {
    /// Introspection `data.__schema` as served over the endpoint.
    private func servedSchema() async throws -> [String: Any] {
        let response = try await TestServer().post(IntrospectionQuery.text)
        #expect(response.status == 200)
        return try #require(JSONPath.value(response.json, "data", "__schema") as? [String: Any])
    }

    private func types(_ schema: [String: Any]) -> [String: [String: Any]] {
        let list = (schema["types"] as? [[String: Any]]) ?? []
        return Dictionary(list.compactMap { type in (type["name"] as? String).map { ($0, type) } }, uniquingKeysWith: { a, _ in a })
    }

    /// `[ID]!`-style text of an introspection type reference.
    private func typeText(_ ref: Any?) -> String {
        guard let ref = ref as? [String: Any], let kind = ref["kind"] as? String else { return "?" }
        switch kind {
        case "NON_NULL": return typeText(ref["ofType"]) + "!"
        case "LIST": return "[" + typeText(ref["ofType"]) + "]"
        default: return (ref["name"] as? String) ?? "?"
        }
    }

    @Test func introspectionMatchesAReferenceBuildOfTheSDL() async throws {
        let served = try await servedSchema()
        let reference = try buildSchema(source: try ExecutableSchema.bundledSDL())
        let result = try await graphql(schema: reference, request: IntrospectionQuery.text)
        #expect(result.errors.isEmpty)
        let encoded = try GraphQLJSONEncoder().encode(result)
        let expected = try #require(JSONPath.value(try JSONSerialization.jsonObject(with: encoded), "data", "__schema") as? [String: Any])
        let canonical = { (value: Any) throws -> Data in try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
        #expect(try canonical(served) == canonical(expected))
    }

    @Test func everySDLDefinitionIsServedExactly() async throws {
        let served = try await servedSchema()
        let servedTypes = types(served)
        let sdl = try ExecutableSchema.bundledSDL()
        let document = try parse(source: Source(body: sdl, name: "schema.graphql"))
        var sdlTypeNames = Set<String>()
        for definition in document.definitions {
            switch definition {
            case let object as ObjectTypeDefinition:
                sdlTypeNames.insert(object.name.value)
                let type = try #require(servedTypes[object.name.value], "type \(object.name.value) missing")
                #expect(type["kind"] as? String == "OBJECT")
                #expect(type["description"] as? String == object.description?.value, "\(object.name.value) description")
                // GraphQLSwift's introspection lists fields sorted by name, so match them by name.
                let fields = (type["fields"] as? [[String: Any]]) ?? []
                #expect(Set(fields.compactMap { $0["name"] as? String }) == Set(object.fields.map { $0.name.value }), "\(object.name.value) fields")
                #expect(fields.count == object.fields.count)
                for field in object.fields {
                    let where_ = "\(object.name.value).\(field.name.value)"
                    let servedField = try #require(fields.first { $0["name"] as? String == field.name.value }, "\(where_) missing")
                    #expect(typeText(servedField["type"]) == print(ast: field.type), "\(where_) type")
                    #expect(servedField["description"] as? String == field.description?.value, "\(where_) description")
                    let args = (servedField["args"] as? [[String: Any]]) ?? []
                    #expect(args.map { $0["name"] as? String } == field.arguments.map { $0.name.value }, "\(where_) args")
                    for (argument, servedArgument) in zip(field.arguments, args) {
                        #expect(typeText(servedArgument["type"]) == print(ast: argument.type), "\(where_)(\(argument.name.value))")
                        #expect(servedArgument["description"] as? String == argument.description?.value)
                    }
                }
            case let enumeration as EnumTypeDefinition:
                sdlTypeNames.insert(enumeration.name.value)
                let type = try #require(servedTypes[enumeration.name.value])
                #expect(type["kind"] as? String == "ENUM")
                let values = (type["enumValues"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(values == enumeration.values.map { $0.name.value })
            case let scalar as ScalarTypeDefinition:
                sdlTypeNames.insert(scalar.name.value)
                #expect(servedTypes[scalar.name.value]?["kind"] as? String == "SCALAR")
            default:
                Issue.record("unexpected definition in the SDL: \(definition.kind)")
            }
        }
        let builtIn: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
        let servedOwn = Set(servedTypes.keys).filter { !$0.hasPrefix("__") && !builtIn.contains($0) }
        #expect(servedOwn == sdlTypeNames)
        #expect(JSONPath.string(served, "queryType", "name") == "Query")
        #expect(JSONPath.string(served, "mutationType", "name") == "Mutation")
        #expect(JSONPath.string(served, "subscriptionType", "name") == "Subscription")
    }

    @Test func knownSDLDetailsAreServed() async throws {
        let servedTypes = types(try await servedSchema())
        let pageSize = (servedTypes["Query"]?["fields"] as? [[String: Any]])?
            .first { $0["name"] as? String == "launches" }
            .flatMap { ($0["args"] as? [[String: Any]])?.first }
        #expect(pageSize?["description"] as? String == "The number of results to show. Must be >= 1. Default = 20")
        #expect((servedTypes["LaunchConnection"]?["description"] as? String)?.hasPrefix("Simple wrapper around our list of launches") == true)
        #expect((servedTypes["PatchSize"]?["enumValues"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["SMALL", "LARGE"])
        #expect(servedTypes["Subscription"] != nil && servedTypes["Upload"] != nil)
    }

    @Test func printedSchemaOfServedSchemaEqualsPrintedSDL() throws {
        let sdl = try ExecutableSchema.bundledSDL()
        let served = try ExecutableSchema.make(sdl: sdl)
        #expect(printSchema(schema: served) == printSchema(schema: try buildSchema(source: sdl)))
    }
}
