#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import GraphQLLanguage
import GraphQLPlanning
import GraphQLServiceMapping
import GraphQLSubscriptions
import Ports

/// The ``GraphQLDocumentRunner`` of one endpoint: documents run through the endpoint's client (token,
/// normalized cache, retries for queries), validated first against its schema (kept per
/// endpoint in the cache folder) or a local one; subscriptions through its subscription client.
public struct EndpointDocumentRunner: GraphQLDocumentRunner {
    private let client: GraphQLClient
    private let subscriptions: (any GraphQLSubscriptionTransport)?
    private let schemas: EndpointSchemaStore

    /// - Parameters:
    ///   - client: The endpoint's client, with the standard interceptor chain.
    ///   - schemaFile: Where the endpoint's schema is kept (SDL), e.g. `schema-<hash>.graphqls` in the cache folder.
    ///   - subscriptions: The endpoint's subscription transport (its `GraphQLSubscriptionClient`), for ``perform(_:)``'s subscriptions
    ///     (without one, and through ``run(_:)``, a subscription is refused and nothing is sent).
    ///   - onWarning: Told, in a sentence, when the kept schema cannot be read or written.
    public init(
        client: GraphQLClient, subscriptions: (any GraphQLSubscriptionTransport)? = nil, schemaFile: URL,
        onWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.client = client
        self.subscriptions = subscriptions
        self.schemas = EndpointSchemaStore(client: client, file: schemaFile, onWarning: onWarning)
    }

    public func run(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentAnswer {
        let prepared = try PreparedRequest(request, schema: try await schema(for: request))
        return try await answer(prepared, request)
    }

    /// Runs any operation: a subscription's events through the subscription client, a query's
    /// or a mutation's answer whole, or part by part when the request is ``GraphQLDocumentRequest/incremental``.
    public func perform(_ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentOutcome {
        let prepared = try PreparedRequest(request, schema: try await schema(for: request))
        let name = Self.name(of: prepared.plan, in: request)
        if prepared.plan.kind == .subscription, let subscriptions { return .events(Self.events(of: prepared, named: name, through: subscriptions)) }
        if request.incremental, prepared.plan.kind != .subscription {
            return .parts(Self.parts(of: prepared, named: name, freshness: request.freshness, through: client))
        }
        return .answer(try await answer(prepared, request))
    }

    private func answer(_ prepared: PreparedRequest, _ request: GraphQLDocumentRequest) async throws -> GraphQLDocumentAnswer {
        guard prepared.plan.kind != .subscription else {
            throw GraphQLDocumentError.invalidDocument(
                name: request.document.name,
                diagnostics: ["\(request.document.name): error: A subscription needs a subscription client, and this console has none here."]
            )
        }
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
            return GraphQLDocumentAnswer(data: AnswerJSON.text(result.data, fields: prepared.plan.fields), fromCache: result.source == .cache)
        } catch let error as GraphQLClientError where !error.isUnauthenticated() {
            let fields = prepared.plan.fields
            guard let answer = DocumentRunnerErrorMapping.answer(for: error, render: { AnswerJSON.text($0, fields: fields) }) else {
                throw DocumentRunnerErrorMapping.map(error, operation: Self.name(of: prepared.plan, in: request))
            }
            return answer
        } catch {
            throw DocumentRunnerErrorMapping.map(error, operation: Self.name(of: prepared.plan, in: request))
        }
    }

    public func schemaDefinition() async throws -> String {
        SchemaPrinter.print(try await schemas.fetch())
    }

    private func schema(for request: GraphQLDocumentRequest) async throws -> Schema {
        guard let local = request.schema else { return try await schemas.schema(refresh: request.freshness == .fromServer) }
        do {
            return try Schema.parse(local.text, sourceName: local.name)
        } catch {
            throw GraphQLDocumentError.invalidSchema(error.description)
        }
    }

    static func name(of plan: ClientOperationPlan, in request: GraphQLDocumentRequest) -> String {
        plan.name.isEmpty ? "the operation in \(request.document.name)" : plan.name
    }
}
