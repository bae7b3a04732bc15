import GraphQLClient
import GraphQLLanguage
import GraphQLPlanning
import PlannedDocuments
import GraphQLValidation
import JSON
import Ports

/// A request made ready to send: the document parsed and validated against the schema, the
/// operation chosen and planned for the client, the variables coerced. Nothing is sent here.
struct PreparedRequest {
    let plan: ClientOperationPlan
    let operation: GraphQLOperation
    let variables: [String: JSONValue]

    init(_ request: GraphQLDocumentRequest, schema: Schema) throws(GraphQLDocumentError) {
        let source = request.document
        let document: Document
        do {
            document = try Parser.parse(source.text, sourceName: source.name)
        } catch {
            throw .invalidDocument(name: source.name, diagnostics: [error.description])
        }
        let diagnostics = Validator.validate([document], against: schema)
        guard diagnostics.isEmpty else { throw .invalidDocument(name: source.name, diagnostics: diagnostics.map(\.description)) }
        let chosen = try Self.choose(request.operationName, among: document.operations)
        switch ClientOperationPlanner.plan(chosen, sourceName: source.name, documents: [document], schema: schema) {
        case .failure(let errors): throw .invalidDocument(name: source.name, diagnostics: errors.diagnostics.map(\.description))
        case .success(let plan): self.plan = plan
        }
        operation = PlannedOperation.operation(plan)
        variables = try Self.variables(request.variables, for: plan, schema: schema)
    }

    private static func choose(_ name: String?, among operations: [OperationDefinition]) throws(GraphQLDocumentError) -> OperationDefinition {
        let names = operations.compactMap(\.name?.value)
        if let name {
            guard let match = operations.first(where: { $0.name?.value == name }) else {
                throw .unknownOperation(VariableCoercion.shown(name), available: names)
            }
            return match
        }
        guard operations.count == 1, let only = operations.first else { throw .operationNotChosen(available: names) }
        return only
    }

    /// Each declared variable's value: the one given, coerced; else its default; a required
    /// one missing or an undeclared one given is an error.
    private static func variables(
        _ given: [GraphQLDocumentVariable], for plan: ClientOperationPlan, schema: Schema
    ) throws(GraphQLDocumentError) -> [String: JSONValue] {
        let coercion = VariableCoercion(schema: schema)
        // Sets and a dictionary, not a scan per variable: many variables are linear work.
        let declaredNames = Set(plan.variables.map(\.name))
        if let stray = given.first(where: { !declaredNames.contains($0.name) }) {
            throw .unknownVariable(VariableCoercion.shown(stray.name))
        }
        let lastGiven = Dictionary(given.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        var values: [String: JSONValue] = [:]
        for declared in plan.variables {
            if let text = lastGiven[declared.name] {
                do {
                    values[declared.name] = try coercion.value(text, for: declared.type)
                } catch {
                    throw .invalidVariable(name: declared.name, problem: error.text)
                }
            } else if let defaultValue = declared.defaultValue {
                values[declared.name] = PlannedOperation.json(defaultValue)
            } else if declared.type.isNonNull {
                throw .missingVariable(name: declared.name, type: declared.type.description)
            }
        }
        return values
    }
}
