import RocketReserverAPI

/// One level of an introspected type reference (`kind`, `name`, `ofType`): the generated
/// `IntrospectedTypeRef` fragment nests a distinct struct per level, seven levels deep.
protocol IntrospectedTypeReference {
    var kind: __TypeKind { get }
    var name: String? { get }
    var wrapped: (any IntrospectedTypeReference)? { get }
}

extension IntrospectedTypeRef: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { ofType } }
extension IntrospectedTypeRef.OfType: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { ofType } }
extension IntrospectedTypeRef.OfType.OfType: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { ofType } }
extension IntrospectedTypeRef.OfType.OfType.OfType: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { ofType } }
extension IntrospectedTypeRef.OfType.OfType.OfType.OfType: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { ofType } }
extension IntrospectedTypeRef.OfType.OfType.OfType.OfType.OfType: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { ofType } }
extension IntrospectedTypeRef.OfType.OfType.OfType.OfType.OfType.OfType: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { ofType } }
extension IntrospectedTypeRef.OfType.OfType.OfType.OfType.OfType.OfType.OfType: IntrospectedTypeReference { var wrapped: (any IntrospectedTypeReference)? { nil } }
