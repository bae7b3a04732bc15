import GraphQLDocuments

// The public types of the operation model, named under this module, so that `import
// GraphQLClient` names them as it did before the model had a target of its own (no target
// re-exports another).

/// A query or mutation (``GraphQLDocuments/GraphQLOperation``).
public typealias GraphQLOperation = GraphQLDocuments.GraphQLOperation
/// A subscription (``GraphQLDocuments/GraphQLSubscriptionOperation``).
public typealias GraphQLSubscriptionOperation = GraphQLDocuments.GraphQLSubscriptionOperation
/// One field of a selection set (``GraphQLDocuments/GraphQLField``).
public typealias GraphQLField = GraphQLDocuments.GraphQLField
/// One argument of a field (``GraphQLDocuments/GraphQLArgument``).
public typealias GraphQLArgument = GraphQLDocuments.GraphQLArgument
/// One member of an input object value (``GraphQLDocuments/GraphQLObjectMember``).
public typealias GraphQLObjectMember = GraphQLDocuments.GraphQLObjectMember
/// `@include(if:)` or `@skip(if:)` on a selection (``GraphQLDocuments/GraphQLCondition``).
public typealias GraphQLCondition = GraphQLDocuments.GraphQLCondition
/// A value given to a field argument (``GraphQLDocuments/GraphQLInputValue``).
public typealias GraphQLInputValue = GraphQLDocuments.GraphQLInputValue
/// The fields selected on objects of some possible types (``GraphQLDocuments/GraphQLTypeCase``).
public typealias GraphQLTypeCase = GraphQLDocuments.GraphQLTypeCase
/// The declaration of one operation variable (``GraphQLDocuments/GraphQLVariableDefinition``).
public typealias GraphQLVariableDefinition = GraphQLDocuments.GraphQLVariableDefinition
/// GraphQL names, as every type and field name is (``GraphQLDocuments/GraphQLName``).
public typealias GraphQLName = GraphQLDocuments.GraphQLName
/// `@defer` on the fragment a field was selected in (``GraphQLDocuments/GraphQLDeferral``).
public typealias GraphQLDeferral = GraphQLDocuments.GraphQLDeferral
