import RocketReserverAPI
import Testing

/// The introspection query decodes the reference server's answer into typed models.
@Suite(.timeLimit(.minutes(5)))
struct IntrospectionDecodingTests {
    @Test func decodesTheServersSchema() throws {
        let schema = try SchemaIntrospectionQuery.decode(data: Fixture.data("SchemaIntrospection")).__schema
        #expect(schema.queryType.name == "Query")
        #expect(schema.mutationType?.name == "Mutation")
        let types = schema.types.map(\.fragments.introspectedType)
        let launch = try #require(types.first { $0.name == "Launch" })
        #expect(launch.kind == .object)
        // The reference server lists fields in alphabetical order, not in SDL order.
        #expect(launch.fields?.map(\.name) == ["id", "isBooked", "mission", "rocket", "site"])
        let id = try #require(launch.fields?.first { $0.name == "id" }?.type.fragments.introspectedTypeRef)
        #expect(id.kind == .nonNull)
        #expect(id.ofType?.kind == .scalar)
        #expect(id.ofType?.name == "ID")
        let patchSize = try #require(types.first { $0.name == "PatchSize" })
        #expect(patchSize.kind == .enum)
        #expect(patchSize.enumValues?.map(\.name) == ["SMALL", "LARGE"])
        let query = try #require(types.first { $0.name == "Query" })
        let pageSize = query.fields?.first { $0.name == "launches" }?.args.first?.fragments.introspectedInputValue
        #expect(pageSize?.name == "pageSize")
        #expect(pageSize?.description == "The number of results to show. Must be >= 1. Default = 20")
        #expect(schema.directives.contains { $0.name == "include" && $0.locations.contains(.field) })
    }
}
