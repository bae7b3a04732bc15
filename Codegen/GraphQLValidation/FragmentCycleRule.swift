import GraphQLLanguage

/// NoFragmentCycles: a fragment must not spread itself, directly or through other fragments.
enum FragmentCycleRule {
    static func check(_ context: inout ValidationContext) {
        var finished: Set<String> = []
        for fragment in context.fragments {
            var path: [FragmentSpread] = []
            var onPath: Set<String> = [fragment.definition.name.value]
            visit(fragment, root: fragment.definition.name.value, path: &path, onPath: &onPath, finished: &finished, context: &context)
            finished.insert(fragment.definition.name.value)
        }
    }

    private static func visit(
        _ fragment: Located<FragmentDefinition>, root: String, path: inout [FragmentSpread], onPath: inout Set<String>,
        finished: inout Set<String>, context: inout ValidationContext
    ) {
        for spread in fragment.definition.selectionSet.spreads {
            let name = spread.name.value
            if name == root {
                let via = path.map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                let start = path.first ?? spread
                let sourceName = context.fragmentsByName[root]?.sourceName ?? fragment.sourceName
                context.report(
                    "Cannot spread fragment \"\(root)\" within itself" + (via.isEmpty ? "." : " via \(via)."), at: start.location, in: sourceName
                )
                continue
            }
            guard !onPath.contains(name), !finished.contains(name), let next = context.fragmentsByName[name] else { continue }
            onPath.insert(name)
            path.append(spread)
            visit(next, root: root, path: &path, onPath: &onPath, finished: &finished, context: &context)
            path.removeLast()
            onPath.remove(name)
        }
    }
}
