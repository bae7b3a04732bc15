import Foundation
import GraphQL

/// A decoded GraphQL request: `{"query", "variables", "operationName", "extensions"}`.
struct GraphQLOperationRequest: Sendable {
    /// The document text; empty when only a persisted query's hash was sent.
    var query: String
    /// Variable values by name.
    var variables: [String: Map]
    /// The operation to run when the document has several.
    var operationName: String?
    /// `extensions.persistedQuery`, when sent.
    var persistedQuery: PersistedQueryExtension?

    private struct Body: Decodable {
        var query: String?
        var variables: VariableJSON?
        var operationName: String?
        var extensions: VariableJSON?
    }

    /// Decodes the JSON body of a `POST`.
    static func fromPOST(body: Data) throws(RequestFailure) -> GraphQLOperationRequest {
        let decoded: Body
        do {
            decoded = try JSONDecoder().decode(Body.self, from: body)
        } catch {
            throw .badRequest("POST body must be a JSON object with a \"query\" string (\(Self.describe(error)))")
        }
        return try make(
            query: decoded.query, variables: decoded.variables?.map, operationName: decoded.operationName,
            persistedQuery: try PersistedQueryExtension.read(decoded.extensions?.map)
        )
    }

    /// Decodes the payload of a WebSocket `subscribe` (or legacy `start`): an object with a
    /// `query` string, optional `variables` object and optional `operationName`.
    static func fromMap(_ payload: Map) throws(RequestFailure) -> GraphQLOperationRequest {
        guard case .dictionary(let fields) = payload else {
            throw .badRequest("The payload must be an object with a \"query\" string.")
        }
        guard case .string(let query)? = fields["query"] else {
            throw .badRequest("GraphQL operations must contain a non-empty `query`.")
        }
        let operationName: String?
        switch fields["operationName"] {
        case .string(let name)? where !name.isEmpty:
            operationName = name
        case nil, .null?, .undefined?, .string?:
            operationName = nil
        default:
            throw .badRequest("`operationName` must be a string.")
        }
        return try make(query: query, variables: fields["variables"], operationName: operationName)
    }

    /// Decodes the URL query of a `GET` (`query`, `variables` as JSON text, `operationName`).
    static func fromGET(query: String?) throws(RequestFailure) -> GraphQLOperationRequest {
        let parameters = FormQuery.parse(query ?? "")
        var variables: Map?
        if let text = parameters["variables"], !text.isEmpty {
            do {
                variables = try JSONDecoder().decode(VariableJSON.self, from: Data(text.utf8)).map
            } catch {
                throw .badRequest("The \"variables\" parameter must be a JSON object (\(Self.describe(error)))")
            }
        }
        let operationName = parameters["operationName"].flatMap { $0.isEmpty ? nil : $0 }
        var extensions: Map?
        if let text = parameters["extensions"], !text.isEmpty {
            do {
                extensions = try JSONDecoder().decode(VariableJSON.self, from: Data(text.utf8)).map
            } catch {
                throw .badRequest("The \"extensions\" parameter must be a JSON object (\(Self.describe(error)))")
            }
        }
        return try make(
            query: parameters["query"], variables: variables, operationName: operationName, persistedQuery: try PersistedQueryExtension.read(extensions)
        )
    }

    /// `persistedQuery` lets a request leave out its document (the hash names it).
    private static func make(
        query: String?,
        variables: Map?,
        operationName: String?,
        persistedQuery: PersistedQueryExtension? = nil
    ) throws(RequestFailure) -> GraphQLOperationRequest {
        let query = query ?? ""
        guard persistedQuery != nil || !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .badRequest("GraphQL operations must contain a non-empty `query`.")
        }
        var values: [String: Map] = [:]
        switch variables {
        case nil, .null?, .undefined?:
            break
        case .dictionary(let dictionary)?:
            for (name, value) in dictionary {
                values[name] = value
            }
        default:
            throw .badRequest("`variables` must be a JSON object.")
        }
        return GraphQLOperationRequest(query: query, variables: values, operationName: operationName, persistedQuery: persistedQuery)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context):
            return context.debugDescription
        default:
            return "malformed JSON"
        }
    }
}
