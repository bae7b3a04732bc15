/// Interfaces implemented as declared (spec 3.6.1 "IsValidImplementation"): each interface
/// once, never itself, the interfaces it implements too, and every field present with a
/// covariant type and the same arguments, any extra argument optional.
extension TypeSystemValidator {
    mutating func checkInterfaces(of type: SchemaType) {
        var seen: Set<String> = []
        for name in type.interfaces {
            guard let interface = schema.types[name], interface.kind == .interface else { continue }  // reported by the reference check
            if name == type.name {
                report("Type \(type.name) cannot implement itself because it would create a circular reference.", at: type.location)
                continue
            }
            if !seen.insert(name).inserted {
                report("Type \(type.name) can only implement \(name) once.", at: type.location)
                continue
            }
            for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
                let message = transitive == type.name
                    ? "Type \(type.name) cannot implement \(name) because it would create a circular reference."
                    : "Type \(type.name) must implement \(transitive) because it is implemented by \(name)."
                report(message, at: type.location)
            }
            checkFields(of: type, against: interface)
        }
    }

    private mutating func checkFields(of type: SchemaType, against interface: SchemaType) {
        for expected in interface.fields {
            guard let field = type.field(named: expected.name) else {
                report("Interface field \(interface.name).\(expected.name) expected but \(type.name) does not provide it.", at: type.location)
                continue
            }
            let location = field.location ?? type.location
            if expected.deprecationReason == nil, field.deprecationReason != nil {
                report(
                    "Interface field \(interface.name).\(expected.name) is not deprecated, so implementation field \(type.name).\(field.name) must not be deprecated.",
                    at: location
                )
            }
            if !isSubtype(field.type, of: expected.type) {
                report(
                    "Interface field \(interface.name).\(expected.name) expects type \(expected.type) but \(type.name).\(field.name) is type \(field.type).",
                    at: location
                )
            }
            for argument in expected.arguments {
                guard let given = field.argument(named: argument.name) else {
                    report(
                        "Interface field argument \(interface.name).\(expected.name)(\(argument.name):) expected but \(type.name).\(field.name) does not provide it.",
                        at: location
                    )
                    continue
                }
                if given.type != argument.type {
                    report(
                        "Interface field argument \(interface.name).\(expected.name)(\(argument.name):) expects type \(argument.type) but \(type.name).\(field.name)(\(argument.name):) is type \(given.type).",
                        at: location
                    )
                }
            }
            for extra in field.arguments where extra.isRequired && expected.argument(named: extra.name) == nil {
                report(
                    "Object field \(type.name).\(field.name) includes required argument \(extra.name) that is missing from the Interface field \(interface.name).\(expected.name).",
                    at: location
                )
            }
        }
    }

    /// Whether a field of type `candidate` may stand for one of type `expected` (spec 3.6.1
    /// "IsValidImplementationFieldType"), walked without recursion.
    func isSubtype(_ candidate: TypeReference, of expected: TypeReference) -> Bool {
        var candidate = candidate
        var expected = expected
        while true {
            switch (candidate, expected) {
            case (.nonNull(let inner), .nonNull(let outer)):
                candidate = inner
                expected = outer
            case (.nonNull(let inner), _):
                candidate = inner
            case (_, .nonNull):
                return false
            case (.list(let inner), .list(let outer)):
                candidate = inner
                expected = outer
            case (.list, _), (_, .list):
                return false
            case (.named(let name), .named(let target)):
                if name == target { return true }
                guard let type = schema.types[name], let abstract = schema.types[target], type.kind == .object || type.kind == .interface else {
                    return false
                }
                return abstract.kind == .union ? abstract.unionMembers.contains(name) : type.interfaces.contains(target)
            }
        }
    }
}
