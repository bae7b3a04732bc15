import Foundation
import GraphQLLanguage
import Testing
import TestSupport

/// `rocket-reserver schema` prints the reference server's schema, rebuilt from introspection.
@Suite("schema command against the reference server", .serialized, .timeLimit(.minutes(5)))
struct SchemaCommandProcessTests {
    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func theSchemaMatchesTheServersOwnSchemaFile() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let result = try await session.run("schema")
        #expect(result.status == 0, "\(result.stderr)")
        let printed = try Schema.parse(result.stdout, sourceName: "printed.graphqls")
        let original = try Schema.parse(String(contentsOfFile: DocumentCommandSession.repositorySchema, encoding: .utf8), sourceName: "schema.graphqls")

        // The server lists fields alphabetically: compare by name.
        #expect(Set(printed.definedTypes.map(\.name)) == Set(original.definedTypes.map(\.name)))
        #expect(printed.queryType == original.queryType && printed.mutationType == original.mutationType)
        for type in original.definedTypes {
            let copy = try #require(printed[type.name], "\(type.name) is missing")
            #expect(copy.kind == type.kind, "\(type.name)")
            #expect(copy.description == type.description, "\(type.name)")
            #expect(Set(copy.enumValues.map(\.name)) == Set(type.enumValues.map(\.name)), "\(type.name)")
            #expect(Set(copy.unionMembers) == Set(type.unionMembers), "\(type.name)")
            #expect(copy.fields.count == type.fields.count, "\(type.name)")
            for field in type.fields {
                let fieldCopy = try #require(copy.field(named: field.name), "\(type.name).\(field.name) is missing")
                #expect(fieldCopy.type == field.type, "\(type.name).\(field.name)")
                #expect(fieldCopy.description == field.description, "\(type.name).\(field.name)")
                #expect(fieldCopy.deprecationReason == field.deprecationReason, "\(type.name).\(field.name)")
                #expect(fieldCopy.arguments.count == field.arguments.count, "\(type.name).\(field.name)")
                for argument in field.arguments {
                    let argumentCopy = try #require(fieldCopy.argument(named: argument.name), "\(type.name).\(field.name)(\(argument.name):)")
                    #expect(argumentCopy.type == argument.type && argumentCopy.description == argument.description)
                    #expect(argumentCopy.defaultValue?.description == argument.defaultValue?.description)
                }
            }
        }
        // What was fetched is kept for `query`.
        #expect(session.home.snapshot().keys.contains { $0.hasSuffix(".graphqls") && $0.contains("/schema-") })
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func outputWritesTheSameSchemaToAFile() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let printed = try await session.run("schema")
        let path = session.home.url.appendingPathComponent("saved.graphqls").path
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
        let saved = try await session.run("schema", "--output", path)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout)

        let unwritable = try await session.run("schema", "--output", session.home.url.appendingPathComponent("no/such/folder/x.graphqls").path)
        #expect(unwritable.status == 74)
    }

    @Test func anUnreachableServerIsReported() async throws {
        let port = try #require(ClosedLoopbackPort.make())
        let session = try DocumentCommandSession(endpoint: "http://127.0.0.1:\(port)/graphql")
        let result = try await session.run("schema")
        #expect(result.status == 69)
    }
}
