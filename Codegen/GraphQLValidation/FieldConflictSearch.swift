import GraphQLLanguage

/// Finds the first pair of fields (of one response key) that cannot be merged, in the order
/// the pairwise loop would find it (the first field that conflicts with a later one, and the
/// first such later one), in linear time instead of comparing every pair.
///
/// Whether two fields conflict depends on a few attributes only: their types' response shapes
/// (an equivalence: same list and non-null wrapping, and the same leaf type or both composite),
/// their name and arguments, their parent type and whether it is an object type. For each
/// field, the first later field differing in an attribute within a subsequence (all fields,
/// fields with a known type, fields on a non-object parent, fields on the same object parent)
/// comes from one backward scan per subsequence.
enum FieldConflictSearch {
    static func firstConflict(in fields: [FieldMergeRule.GatheredField], exclusive: Bool, schema: Schema) -> (Int, Int)? {
        let count = fields.count
        var shapeIDs: [String: Int] = [:]
        var nameIDs: [[String]: Int] = [:]
        var parentIDs: [String: Int] = [:]
        var shape = [Int](repeating: -1, count: count)
        var name = [Int](repeating: 0, count: count)
        var parent = [Int](repeating: 0, count: count)
        var onObject = [Bool](repeating: false, count: count)
        for (index, field) in fields.enumerated() {
            if let type = field.definition?.type { shape[index] = intern(responseShape(type, schema), in: &shapeIDs) }
            name[index] = intern([field.field.name.value] + FieldMergeRule.argumentText(field.field), in: &nameIDs)
            parent[index] = intern(field.parent.name, in: &parentIDs)
            onObject[index] = field.parent.kind == .object
        }
        let typed = firstDiffering(count: count, member: { shape[$0] >= 0 }, attribute: shape)
        let anyName = exclusive ? [] : firstDiffering(count: count, member: { _ in true }, attribute: name)
        let nonObjectName = exclusive ? [] : firstDiffering(count: count, member: { !onObject[$0] }, attribute: name)
        var sameParentName = [Int](repeating: -1, count: exclusive ? 0 : count)
        if !exclusive {
            var groups: [Int: [Int]] = [:]
            for index in 0..<count where onObject[index] { groups[parent[index], default: []].append(index) }
            for members in groups.values {
                let found = firstDiffering(count: members.count, member: { _ in true }, attribute: members.map { name[$0] })
                for (position, index) in members.enumerated() where found[position] >= 0 { sameParentName[index] = members[found[position]] }
            }
        }
        for index in 0..<count {
            var candidates: [Int] = []
            if shape[index] >= 0 { candidates.append(typed[index]) }
            if !exclusive {
                if onObject[index] {
                    candidates += [nonObjectName[index], sameParentName[index]]
                } else {
                    candidates.append(anyName[index])
                }
            }
            if let second = candidates.filter({ $0 >= 0 }).min() { return (index, second) }
        }
        return nil
    }

    /// For each position `i`, the first member of the subsequence after `i` whose attribute
    /// differs from `attribute[i]`, or -1. One backward scan.
    private static func firstDiffering(count: Int, member: (Int) -> Bool, attribute: [Int]) -> [Int] {
        var result = [Int](repeating: -1, count: count)
        var nextMember = -1
        for index in stride(from: count - 1, through: 0, by: -1) {
            if nextMember >= 0 {
                // The next member differs, or has the same attribute: then the first after it that differs from it.
                result[index] = attribute[nextMember] != attribute[index] ? nextMember : result[nextMember]
            }
            if member(index) { nextMember = index }
        }
        return result
    }

    private static func intern<Key: Hashable>(_ key: Key, in table: inout [Key: Int]) -> Int {
        if let id = table[key] { return id }
        let id = table.count
        table[key] = id
        return id
    }

    /// The type as ``FieldMergeRule/typesConflict(_:_:_:)`` compares it: wrapping, then the
    /// leaf (or unknown) type's name, or one mark for every known composite type.
    private static func responseShape(_ type: TypeReference, _ schema: Schema) -> String {
        switch type {
        case .nonNull(let inner): "!" + responseShape(inner, schema)
        case .list(let inner): "[" + responseShape(inner, schema)
        case .named(let name): schema.types[name]?.isLeaf == false ? "#" : "=" + name
        }
    }
}
