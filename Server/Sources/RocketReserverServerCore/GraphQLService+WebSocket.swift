import Foundation
import GraphQL

extension GraphQLService {
    /// Parses, validates and checks an operation received over a WebSocket.
    ///
    /// - Returns: The operation, or the request's failure (syntax, validation, variables,
    ///   operation name) whose errors the connection sends as an `error` message.
    func prepare(_ request: GraphQLOperationRequest, user: UserRecord?) -> Result<PreparedOperation, RequestFailure> {
        do throws(RequestFailure) {
            let document = try document(for: request.query)
            let operation = try selectOperation(in: document, named: request.operationName)
            try VariableCoercion.check(operation.variableDefinitions, request.variables, schema: schema)
            return .success(
                PreparedOperation(
                    document: document,
                    request: request,
                    isSubscription: operation.operation == .subscription,
                    context: ResolverContext(user: user, data: data)
                )
            )
        } catch {
            return .failure(error)
        }
    }

    /// Executes a prepared operation and encodes its result (`{"errors", "data"}`) as JSON.
    ///
    /// - Parameter event: For a subscription, the event that is the root value of this execution.
    func execute(_ operation: PreparedOperation, event: Int? = nil) async -> Data {
        do {
            let result = try await GraphQL.execute(
                schema: schema,
                documentAST: operation.document,
                rootValue: event,
                context: operation.context,
                variableValues: operation.request.variables,
                operationName: operation.request.operationName
            )
            return ResponseJSON.encode(data: result.data, includeData: true, errors: result.errors, defaultCode: "INTERNAL_SERVER_ERROR")
        } catch {
            return ResponseJSON.encode(data: nil, includeData: true, errors: [GraphQLError(error)], defaultCode: "INTERNAL_SERVER_ERROR")
        }
    }
}
