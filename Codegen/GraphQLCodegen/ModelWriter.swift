import GraphQLLanguage
import GraphQLPlanning

/// Writes a response model: a `Sendable`, `Equatable` struct per merged selection, with one
/// property per field (optional when the schema's type is nullable or the field is under
/// `@include`/`@skip`), nested structs for
/// object fields, and `fragments` for the fragments spread in it.
struct ModelWriter {
    let mapper: SwiftTypeMapper

    func write(_ selection: MergedSelection, named typeName: String, documentation: String, header: [String] = [], into writer: inout SwiftWriter) {
        let nestedNames = nestedTypeNames(selection)
        // A field under `@include`/`@skip` may be left out of the answer: optional, whatever its type.
        let properties = selection.fields.map { field in
            (
                name: SwiftNames.property(field.responseKey), key: field.responseKey,
                type: mapper.swiftType(
                    field.conditions.isEmpty && field.deferral == nil ? field.type : field.type.nullable, composite: nestedNames[field.responseKey]
                ),
                decoder: field.conditions.isEmpty && field.deferral == nil ? "field" : "conditionalField"
            )
        }
        // A fragment spread only under `@include`/`@skip` is there when the answer has its fields.
        let fragments = selection.fragmentNames.map { name in
            (property: SwiftNames.property(lowerFirst(name)), type: name, keys: selection.conditionalFragments[name])
        }
        let cases = typeCaseNames(selection, taken: Set(properties.map(\.name)).union(nestedNames.values))
        // A field aliased `fragments` keeps its name; the fragments' member steps aside (`fragments2`).
        var member = "fragments"
        var counter = 2
        while properties.contains(where: { $0.name == member }) {
            member = "fragments\(counter)"
            counter += 1
        }
        writer.line("/// \(documentation)")
        writer.block("public struct \(typeName): GraphQLSelectionSet") { writer in
            for line in header { writer.line(line) }
            for property in properties { writer.line("public let \(property.name): \(property.type)") }
            for typeCase in cases {
                writer.line("/// The object as a `\(typeCase.condition)` (its `__typename` is one of \(typeCase.types.joined(separator: ", "))), else `nil`.")
                writer.line("public let \(typeCase.property): \(typeCase.type)?")
            }
            if !fragments.isEmpty { writer.line("public let \(member): Fragments") }
            writer.line()
            var parameters = properties.map { "\(SwiftNames.parameter($0.name)): \($0.type)" } + cases.map { "\($0.property): \($0.type)?" }
            if !fragments.isEmpty { parameters.append("\(member): Fragments") }
            writer.block("public init(\(parameters.joined(separator: ", ")))") { writer in
                for property in properties { writer.line("self.\(property.name) = \(SwiftNames.argument(property.name))") }
                for typeCase in cases { writer.line("self.\(typeCase.property) = \(typeCase.property)") }
                if !fragments.isEmpty { writer.line("self.\(member) = \(member)") }
            }
            writer.line()
            writer.block("public init(_ object: ResponseObject) throws(GraphQLDecodingError)") { writer in
                for property in properties { writer.line("self.\(property.name) = try object.\(property.decoder)(\(SwiftNames.literal(property.key)))") }
                for typeCase in cases {
                    let types = typeCase.types.map(SwiftNames.literal).joined(separator: ", ")
                    writer.line("self.\(typeCase.property) = try object.typeCase([\(types)])")
                }
                if !fragments.isEmpty {
                    let arguments = fragments.map { fragment in
                        guard let keys = fragment.keys else { return "\(SwiftNames.label(fragment.property)): try \(fragment.type)(object)" }
                        return "\(SwiftNames.label(fragment.property)): try object.conditionalFragment([\(keys.map(SwiftNames.literal).joined(separator: ", "))])"
                    }.joined(separator: ", ")
                    writer.line("self.\(member) = Fragments(\(arguments))")
                }
            }
            if !fragments.isEmpty {
                writer.line()
                writer.line("/// The fragments spread in this selection, decoded from the same object.")
                writer.block("public struct Fragments: Sendable, Equatable") { writer in
                    for fragment in fragments {
                        if fragment.keys != nil { writer.line("/// Spread under `@include`/`@skip`: `nil` when its condition did not hold.") }
                        writer.line("public let \(fragment.property): \(fragment.type)\(fragment.keys == nil ? "" : "?")")
                    }
                    writer.line()
                    let parameters = fragments.map { "\(SwiftNames.parameter($0.property)): \($0.type)\($0.keys == nil ? "" : "?")" }.joined(separator: ", ")
                    writer.block("public init(\(parameters))") { writer in
                        for fragment in fragments { writer.line("self.\(fragment.property) = \(SwiftNames.argument(fragment.property))") }
                    }
                }
            }
            for field in selection.fields {
                guard let child = field.selection, let name = nestedNames[field.responseKey] else { continue }
                writer.line()
                write(child, named: name, documentation: "`\(field.responseKey)`: a `\(field.type)`.", into: &writer)
            }
            for typeCase in cases {
                writer.line()
                write(
                    typeCase.selection, named: typeCase.type,
                    documentation: "The object as a `\(typeCase.condition)`: the enclosing selection's fields and every type condition it meets, merged.",
                    into: &writer
                )
            }
        }
    }

    /// The typed accessors of a selection (`asLaunch: AsLaunch?`), named after their type
    /// conditions, distinct from the other members and each other.
    private func typeCaseNames(
        _ selection: MergedSelection, taken: Set<String>
    ) -> [(property: String, type: String, condition: String, types: [String], selection: MergedSelection)] {
        // The module's top-level names are looked up, not copied: a copy per selection made
        // 10,000 fragments (10,000 top-level names, 10,000 structs) quadratic.
        var used = taken.union(["Fragments", "fragments", "Type", "Protocol", "Self", "Any"])
        let isTaken = { (name: String) in used.contains(name) || mapper.topLevelTypeNames.contains(name) }
        return selection.typeCases.map { typeCase in
            var type = "As" + SwiftNames.capitalize(typeCase.condition)
            let base = type
            var counter = 2
            while isTaken(type) || isTaken(lowerFirst(type)) {
                type = base + String(counter)
                counter += 1
            }
            used.insert(type)
            used.insert(lowerFirst(type))
            return (lowerFirst(type), type, typeCase.condition, typeCase.possibleTypes.sorted(), typeCase.selection)
        }
    }

    /// A distinct struct name for each object field: `launches` → `Launch`, else `Launches`, else
    /// `Launches2`; never a name Swift reserves for members (`Type`, `Protocol`, `Self`), nor
    /// a top-level type the code inside must still reach (`fragment Dog on Dog` spread in
    /// `dog` gives the field's struct `Dog2`, so `fragments.dog` is the fragment).
    private func nestedTypeNames(_ selection: MergedSelection) -> [String: String] {
        var used: Set<String> = ["Fragments", "Type", "Protocol", "Self", "Any"]
        let isTaken = { (name: String) in used.contains(name) || mapper.topLevelTypeNames.contains(name) }
        var names: [String: String] = [:]
        for field in selection.fields where field.selection != nil {
            let isList = field.type.nullable.isList
            var name = SwiftNames.typeName(forKey: field.responseKey, isList: isList)
            if isTaken(name) { name = SwiftNames.capitalize(field.responseKey) }
            var counter = 2
            let base = name
            while isTaken(name) {
                name = base + String(counter)
                counter += 1
            }
            used.insert(name)
            names[field.responseKey] = name
        }
        return names
    }

    private func lowerFirst(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }
}

extension TypeReference {
    var isList: Bool {
        if case .list = self { true } else { false }
    }
}
