import GraphQLLanguage

/// NoFragmentCycles: a fragment must not spread itself, directly or through other fragments.
///
/// graphql-js's algorithm: one depth-first walk over the fragments with a set of visited
/// fragments, so each fragment and each spread is looked at once (a document whose fragments
/// spread each other in a dense web takes linear time, not one walk per path). The walk keeps
/// its own stack, so a chain of thousands of fragments cannot exhaust the thread's stack.
enum FragmentCycleRule {
    /// A fragment being walked: its spreads and the next one to look at.
    private struct Frame {
        let name: String
        let spreads: [FragmentSpread]
        var next = 0
    }

    static func check(_ context: inout ValidationContext) {
        var visited: Set<String> = []
        for fragment in context.fragments where !visited.contains(fragment.definition.name.value) {
            walk(from: fragment, visited: &visited, context: &context)
        }
    }

    private static func walk(from fragment: Located<FragmentDefinition>, visited: inout Set<String>, context: inout ValidationContext) {
        // The spreads from the first fragment to the current one, and where each fragment on
        // that path starts in it (its first spread's index).
        var path: [FragmentSpread] = []
        var pathIndex: [String: Int] = [:]
        var stack: [Frame] = []
        func enter(_ fragment: Located<FragmentDefinition>) {
            let name = fragment.definition.name.value
            visited.insert(name)
            pathIndex[name] = path.count
            stack.append(Frame(name: name, spreads: fragment.definition.selectionSet.spreads))
        }
        enter(fragment)
        while let top = stack.last {
            guard top.next < top.spreads.count else {
                stack.removeLast()
                pathIndex[top.name] = nil
                if !path.isEmpty, !stack.isEmpty { path.removeLast() }
                continue
            }
            let spread = top.spreads[top.next]
            stack[stack.count - 1].next += 1
            let name = spread.name.value
            if let cycleStart = pathIndex[name] {
                let cycle = path[cycleStart...] + [spread]
                let via = cycle.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                // The cycle's first spread is inside the fragment spread again.
                let reportedIn = context.fragmentsByName[name]?.sourceName ?? fragment.sourceName
                context.report(
                    "Cannot spread fragment \"\(name)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    at: cycle.first?.location ?? spread.location, in: reportedIn
                )
                continue
            }
            guard !visited.contains(name), let next = context.fragmentsByName[name] else { continue }
            path.append(spread)
            enter(next)
        }
    }
}
