#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import GraphQLLanguage
import GraphQLOperationSupport
import Ports
import POSIXSupport
import RocketReserverAPI

/// The endpoint's schema: fetched by introspection (`SchemaIntrospection`, never cached in the
/// normalized cache) and kept as SDL in one file per endpoint, read and written with the cache
/// file's safety (``StateFile``). A damaged or unparsable file is fetched again.
struct EndpointSchemaStore: Sendable {
    let client: GraphQLClient
    /// `schema-<endpoint hash>.graphqls` in the cache folder.
    let file: URL
    let onWarning: @Sendable (String) -> Void

    /// The largest schema file read back.
    static let maximumFileSize = 8 << 20

    /// The kept schema, unless `refresh` or there is none usable; else a fresh one (then kept).
    func schema(refresh: Bool) async throws -> Schema {
        if !refresh, let kept = keptSchema() { return kept }
        return try await fetch()
    }

    /// A fresh schema from the endpoint, kept for later runs.
    func fetch() async throws -> Schema {
        let answer: TypedGraphQLResult<SchemaIntrospectionQuery.Data>
        do {
            answer = try await client.run(SchemaIntrospectionQuery(), cachePolicy: .noCache)
        } catch {
            throw DocumentRunnerErrorMapping.map(error, operation: SchemaIntrospectionQuery.operationName)
        }
        let schema = try IntrospectedSchema.schema(from: answer.data, sourceName: "introspection")
        do {
            try StateFile.write(Array(SchemaPrinter.print(schema).utf8), to: file)
        } catch {
            onWarning("The schema could not be kept for later runs (\(error)).")
        }
        return schema
    }

    private func keptSchema() -> Schema? {
        let bytes: [UInt8]?
        do {
            bytes = try StateFile.read(file, limit: Self.maximumFileSize)
        } catch {
            onWarning("The kept schema was ignored (\(error)); fetching it again.")
            return nil
        }
        guard let bytes else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self), let schema = try? Schema.parse(text, sourceName: file.lastPathComponent) else {
            onWarning("The kept schema at \(file.path) is not valid SDL; fetching it again.")
            return nil
        }
        return schema
    }
}
