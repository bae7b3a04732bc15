import Foundation
import GraphQLClient
import GraphQLCodegen
import GraphQLLanguage
import GraphQLPortMapping
import Ports

/// The ``GraphQLConsole`` of one endpoint: documents run through the endpoint's client (token,
/// normalized cache, retries for queries), validated first against its schema (kept per
/// endpoint in the cache folder) or a local one.
public struct EndpointGraphQLConsole: GraphQLConsole {
    private let client: GraphQLClient
    private let schemas: EndpointSchemaStore

    /// - Parameters:
    ///   - client: The endpoint's client, with the standard interceptor chain.
    ///   - schemaFile: Where the endpoint's schema is kept (SDL), e.g. `schema-<hash>.graphqls` in the cache folder.
    ///   - onWarning: Told, in a sentence, when the kept schema cannot be read or written.
    public init(client: GraphQLClient, schemaFile: URL, onWarning: @escaping @Sendable (String) -> Void = { _ in }) {
        self.client = client
        self.schemas = EndpointSchemaStore(client: client, file: schemaFile, onWarning: onWarning)
    }

    public func run(_ request: GraphQLConsoleRequest) async throws -> GraphQLConsoleAnswer {
        let schema = try await schema(for: request)
        let prepared = try PreparedRequest(request, schema: schema)
        let operation = prepared.operation
        do {
            let result: GraphQLResult =
                switch operation.kind {
                case .query:
                    try await client.fetch(
                        operation, variables: prepared.variables, cachePolicy: CachePolicy(request.freshness)
                    )
                case .mutation: try await client.perform(operation, variables: prepared.variables)
                }
            return GraphQLConsoleAnswer(data: AnswerJSON.text(result.data, fields: prepared.plan.fields), fromCache: result.source == .cache)
        } catch let error as GraphQLClientError where !error.isUnauthenticated() {
            switch error.kind {
            case .graphQLErrors(let errors):
                return GraphQLConsoleAnswer(data: nil, errors: errors.prefix(10).map(ServerText.sentence))
            case let .partialData(data, errors):
                return GraphQLConsoleAnswer(data: AnswerJSON.text(data, fields: prepared.plan.fields), errors: errors.prefix(10).map(ServerText.sentence))
            default:
                throw ConsoleErrorMapping.map(error, operation: Self.name(of: prepared.plan, in: request))
            }
        } catch {
            throw ConsoleErrorMapping.map(error, operation: Self.name(of: prepared.plan, in: request))
        }
    }

    public func schemaDefinition() async throws -> String {
        SchemaPrinter.print(try await schemas.fetch())
    }

    private func schema(for request: GraphQLConsoleRequest) async throws -> Schema {
        guard let local = request.schema else { return try await schemas.schema(refresh: request.freshness == .fromServer) }
        do {
            return try Schema.parse(local.text, sourceName: local.name)
        } catch {
            throw GraphQLConsoleError.invalidSchema(error.description)
        }
    }

    private static func name(of plan: ClientOperationPlan, in request: GraphQLConsoleRequest) -> String {
        plan.name.isEmpty ? "the operation in \(request.document.name)" : plan.name
    }
}
