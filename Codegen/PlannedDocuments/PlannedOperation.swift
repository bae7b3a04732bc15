import GraphQLDocuments
import GraphQLLanguage
import GraphQLPlanning
import JSON

/// The client's values for a planned operation (``ClientOperationPlan``, the same plan the
/// generator writes as Swift): a field for a field, a value for a value.
///
/// The one mapping from a plan to the operation model: `query` runs what it returns, and the
/// generator's persisted query manifest lists the document it renders, so the two cannot differ.
package enum PlannedOperation {
    /// An anonymous operation (alone in its document, as validated) is sent named `Anonymous`,
    /// so the request's `operationName` names it.
    package static func operation(_ plan: ClientOperationPlan) -> GraphQLOperation {
        GraphQLOperation(
            kind(plan.kind), name: plan.name.isEmpty ? "Anonymous" : plan.name,
            variableList: plan.variables.map { ($0.name, $0.type.description) }, selections: plan.fields.map(field)
        )
    }

    /// A subscription, for the subscription client, sent as it was written: an anonymous one
    /// stays anonymous (`subscription { … }`, no `operationName`).
    package static func subscription(_ plan: ClientOperationPlan) -> GraphQLSubscriptionOperation {
        GraphQLSubscriptionOperation(
            name: plan.name,
            variableList: plan.variables.map { ($0.name, $0.type.description) }, selections: plan.fields.map(field)
        )
    }

    /// A mutation is sent as one; a query as one (a subscription goes to ``subscription(_:)``,
    /// never here, unless the runner has no subscription client).
    package static func kind(_ kind: OperationKind) -> GraphQLOperation.Kind {
        switch kind {
        case .mutation: .mutation
        case .query, .subscription: .query
        }
    }

    package static func field(_ plan: ClientFieldPlan) -> GraphQLField {
        GraphQLField(
            plan.name, alias: plan.alias, argumentList: plan.arguments.map { GraphQLArgument($0.name, input($0.value)) },
            plan.selections.map(field), possibleTypes: Set(plan.possibleTypes),
            conditions: plan.conditions.map { $0.isInclude ? .include(input($0.value)) : .skip(input($0.value)) },
            typeCases: plan.typeCases.map { GraphQLTypeCase(possibleTypes: Set($0.possibleTypes), $0.selections.map(field)) },
            deferral: plan.deferral.map { GraphQLDeferral(label: $0.label, if: $0.condition.map(input)) }
        )
    }

    package static func input(_ plan: ClientInputPlan) -> GraphQLInputValue {
        switch plan {
        case .variable(let name): .variable(name)
        case .enumValue(let name): .enumValue(name)
        case .list(let values): .list(values.map(input))
        case .literal(let literal): .literal(json(literal))
        case .object(let members): .object(members.map { GraphQLObjectMember($0.name, input($0.value)) })
        }
    }

    package static func json(_ literal: ClientLiteral) -> JSONValue {
        switch literal {
        case .int(let number): .int(number)
        // The lexer accepted the text as a number, so it converts.
        case .float(let text): Double(text).map(JSONValue.double) ?? .null
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        case .null: .null
        case .list(let values): .array(values.map(json))
        case .object(let members): .object(Dictionary(members.map { ($0.name, json($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
