import GraphQLLanguage

/// Which input objects hold one another, found in one walk over all of them (Tarjan's strongly
/// connected components with an explicit stack).
///
/// An input object *holds* another through a field that is not a list (a Swift struct stores
/// such a field inline; an array keeps its elements apart). A field of type `T` in `S` leads
/// back to `S` exactly when `T` and `S` hold each other, directly or through other input
/// objects: when both are in one component and that component has a cycle. The walk takes
/// time and memory linear in the number of input objects and fields, so a chain of 100,000
/// input objects that closes on itself costs 100,000 steps (walking from each field, as the
/// generator once did, took their square).
struct InputObjectCycles {
    /// The component of each input object that lies on a cycle of fields that are not lists.
    private var component: [String: Int] = [:]

    init(schema: Schema) {
        let inputObjects = schema.definedTypes.filter { $0.kind == .inputObject }
        let indexByName = Dictionary(inputObjects.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // The input objects each one holds, by index.
        let edges: [[Int]] = inputObjects.map { type in
            type.inputFields.compactMap { field in field.type.nullable.isList ? nil : indexByName[field.type.namedType] }
        }
        let unvisited = -1
        var order = [Int](repeating: unvisited, count: inputObjects.count)
        var lowLink = [Int](repeating: 0, count: inputObjects.count)
        var onStack = [Bool](repeating: false, count: inputObjects.count)
        var stack: [Int] = []
        var counter = 0
        var componentCount = 0
        var components = [Int](repeating: unvisited, count: inputObjects.count)
        var cyclic: [Bool] = []
        for root in inputObjects.indices where order[root] == unvisited {
            // Each frame is a node and the index of its next edge to follow.
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            order[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (node, next) = frames.last {
                if next < edges[node].count {
                    frames[frames.count - 1].next += 1
                    let target = edges[node][next]
                    if order[target] == unvisited {
                        order[target] = counter
                        lowLink[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        lowLink[node] = min(lowLink[node], order[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == order[node] else { continue }
                // `node` roots a component: everything above it on the stack.
                var members = 0
                while let member = stack.popLast() {
                    onStack[member] = false
                    components[member] = componentCount
                    members += 1
                    if member == node { break }
                }
                cyclic.append(members > 1 || edges[node].contains(node))
                componentCount += 1
            }
        }
        for (index, type) in inputObjects.enumerated() where cyclic[components[index]] {
            component[type.name] = components[index]
        }
    }

    /// Whether a field of type `reference` in the input object `typeName` holds, directly or
    /// through other input objects' fields that are not lists, an object of type `typeName`.
    func leadsBack(_ reference: TypeReference, to typeName: String) -> Bool {
        guard !reference.nullable.isList, let own = component[typeName] else { return false }
        return component[reference.namedType] == own
    }
}
