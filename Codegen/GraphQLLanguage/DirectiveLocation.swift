/// Where a directive may appear (spec section 3.13).
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    case query = "QUERY", mutation = "MUTATION", subscription = "SUBSCRIPTION", field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION", fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT", variableDefinition = "VARIABLE_DEFINITION"
    case schema = "SCHEMA", scalar = "SCALAR", object = "OBJECT", fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION", interface = "INTERFACE", union = "UNION"
    case enumeration = "ENUM", enumValue = "ENUM_VALUE", inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
