import GraphQLLanguage
import GraphQLPlanning
import GraphQLValidation

/// Writes one operation: `LaunchDetailsQuery` with its document, client selections, typed
/// `Variables` and `Data` model; a subscription (`TripsBookedSubscription`) is a
/// `GeneratedSubscription` whose `subscription` holds the client selections.
struct OperationWriter {
    let mapper: SwiftTypeMapper

    /// `LaunchDetailsQuery`: the operation's name (or, for an anonymous one, `fileName`) with
    /// its kind unless it already ends so.
    static func typeName(_ operation: OperationDefinition, fileName: String? = nil) -> String {
        let name = operation.name?.value ?? fileName ?? "Anonymous"
        let suffix = SwiftNames.capitalize(operation.kind.rawValue)
        return name.hasSuffix(suffix) ? name : name + suffix
    }

    func write(
        _ operation: OperationDefinition, fileName: String?, selection: MergedSelection, document: String, clientFields: [String],
        into writer: inout SwiftWriter
    ) {
        let typeName = Self.typeName(operation, fileName: fileName)
        let variables = operation.variableDefinitions.map { definition in
            (name: SwiftNames.property(definition.variable.value), key: definition.variable.value, type: mapper.swiftType(definition.type),
             graphQLType: definition.type.description, optional: !definition.type.isNonNull)
        }
        let parameters = variables.map { "\(SwiftNames.parameter($0.name)): \($0.type)\($0.optional ? " = nil" : "")" }.joined(separator: ", ")
        let arguments = variables.map { "\(SwiftNames.label($0.name)): \(SwiftNames.argument($0.name))" }.joined(separator: ", ")
        // A variable named `variables` is a parameter that hides the property.
        let variablesProperty = variables.contains { $0.name == "variables" } ? "self.variables" : "variables"
        writer.line(
            operation.name.map { "/// The `\($0.value)` \(operation.kind.rawValue), generated from its `.graphql` file." }
                ?? "/// The anonymous \(operation.kind.rawValue) of `\(fileName ?? "its file")`, named after its `.graphql` file; sent without an operation name."
        )
        // A subscription is a stream of events: its own protocol and client type, not the request chain's.
        let isSubscription = operation.kind == .subscription
        writer.block("public struct \(typeName): \(isSubscription ? "GeneratedSubscription" : "GeneratedOperation")") { writer in
            writer.line("public static let operationName = \(SwiftNames.literal(operation.name?.value ?? ""))")
            writer.line("public static let document = \(SwiftNames.literal(document))")
            let variableTypes = variables.map { "\(SwiftNames.literal($0.key)): \(SwiftNames.literal($0.graphQLType))" }
            if isSubscription {
                writer.line("public static let subscription = GraphQLSubscriptionOperation(")
                writer.line("    name: \(SwiftNames.literal(operation.name?.value ?? "")),")
            } else {
                writer.line("public static let operation = GraphQLOperation(")
                writer.line("    .\(operation.kind.rawValue), name: \(SwiftNames.literal(operation.name?.value ?? "")),")
            }
            if !variableTypes.isEmpty { writer.line("    variables: [\(variableTypes.joined(separator: ", "))],") }
            writer.line("    selections: [\(clientFields.joined(separator: ", "))]")
            writer.line(")")
            writer.line()
            writer.line("public var variables: \(variables.isEmpty ? "NoVariables" : "Variables")")
            writer.line()
            writer.block("public init(\(parameters))") { writer in
                writer.line("\(variablesProperty) = \(variables.isEmpty ? "NoVariables" : "Variables")(\(arguments))")
            }
            if !variables.isEmpty {
                writer.line()
                writer.line("/// The operation's variables; an optional one left `nil` is not sent.")
                writer.block("public struct Variables: GraphQLVariables") { writer in
                    for variable in variables { writer.line("public var \(variable.name): \(variable.type)") }
                    writer.line()
                    writer.block("public init(\(parameters))") { writer in
                        for variable in variables { writer.line("self.\(variable.name) = \(SwiftNames.argument(variable.name))") }
                    }
                    writer.line()
                    writer.block("public var jsonValues: [Swift.String: JSONValue]") { writer in
                        writer.line("var values: [Swift.String: JSONValue] = [:]")
                        for variable in variables {
                            // A variable named `values` or `value` is hidden by the locals here.
                            let member = ["values", "value"].contains(variable.name) ? "self." + variable.name : SwiftNames.member(variable.name)
                            if variable.optional {
                                writer.line("if let value = \(member) { values[\(SwiftNames.literal(variable.key))] = value.graphQLInputValue }")
                            } else {
                                writer.line("values[\(SwiftNames.literal(variable.key))] = \(member).graphQLInputValue")
                            }
                        }
                        writer.line("return values")
                    }
                }
            }
            writer.line()
            ModelWriter(mapper: mapper).write(selection, named: "Data", documentation: "The answer's `data`.", into: &writer)
        }
    }
}
