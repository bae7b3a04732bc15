import GraphQLLanguage

/// How deeply an operation (or fragment) nests once its fragments are spread: each selection
/// set counts one level, a spread fragment's own included. The parser bounds the nesting inside one
/// definition (``Parser/maximumDepth``); this bounds it across them, so that a chain of
/// thousands of fragments, each spreading the next, gets a sentence instead of exhausting the
/// stack of whatever walks the expanded selection (the merge checks, the planner, the answer).
///
/// Each definition is walked once and each spread looked at once, with an explicit stack.
enum ExpandedDepthRule {
    /// The deepest expanded nesting accepted.
    static let maximumDepth = 256

    /// A definition's own nesting and where it spreads fragments.
    private struct Shape {
        /// The deepest nesting of its selection sets (its own set is 1).
        var depth = 0
        /// Each spread with the number of selection sets around it.
        var spreads: [(name: String, level: Int)] = []
    }

    /// A fragment being measured: where it is in its spreads, the deepest so far, and the
    /// level of the spread that led to it.
    private struct Frame {
        let name: String
        let level: Int
        var next = 0
        var deepest: Int
    }

    /// Reports the operations nested too deeply (or, when no operation is, the first fragment);
    /// returns whether everything is within ``maximumDepth``.
    static func check(_ context: inout ValidationContext) -> Bool {
        var shapes: [String: Shape] = [:]
        for (name, fragment) in context.fragmentsByName { shapes[name] = shape(of: fragment.definition.selectionSet) }
        var measured: [String: Int] = [:]
        var withinLimit = true
        for operation in context.operations {
            let depth = expandedDepth(shape(of: operation.definition.selectionSet), shapes: shapes, measured: &measured)
            guard depth > maximumDepth else { continue }
            withinLimit = false
            context.report(
                "The \(operation.definition.displayName) is nested more than \(maximumDepth) levels deep once its fragments are spread.",
                at: operation.definition.location, in: operation.sourceName
            )
        }
        guard withinLimit else { return false }
        for fragment in context.fragments {
            let name = fragment.definition.name.value
            guard let shape = shapes[name], expandedDepth(shape, shapes: shapes, measured: &measured) > maximumDepth else { continue }
            context.report(
                "Fragment \"\(name)\" is nested more than \(maximumDepth) levels deep once the fragments it spreads are spread.",
                at: fragment.definition.location, in: fragment.sourceName
            )
            return false
        }
        return true
    }

    /// The expanded depth of a definition of `shape`; fragments' depths are kept in `measured`.
    /// A spread of a fragment already being measured (a cycle, reported by another rule) or of
    /// an unknown one adds no level.
    private static func expandedDepth(_ shape: Shape, shapes: [String: Shape], measured: inout [String: Int]) -> Int {
        var deepest = shape.depth
        var measuring: Set<String> = []
        for spread in shape.spreads {
            if measured[spread.name] == nil, let target = shapes[spread.name] {
                var stack = [Frame(name: spread.name, level: spread.level, deepest: target.depth)]
                measuring.insert(spread.name)
                while let top = stack.last {
                    let spreads = shapes[top.name]?.spreads ?? []
                    if top.next < spreads.count {
                        let inner = spreads[top.next]
                        stack[stack.count - 1].next += 1
                        if let depth = measured[inner.name] {
                            stack[stack.count - 1].deepest = max(top.deepest, inner.level + depth)
                        } else if let innerShape = shapes[inner.name], !measuring.contains(inner.name) {
                            measuring.insert(inner.name)
                            stack.append(Frame(name: inner.name, level: inner.level, deepest: innerShape.depth))
                        } else {
                            stack[stack.count - 1].deepest = max(top.deepest, inner.level)
                        }
                        continue
                    }
                    stack.removeLast()
                    measuring.remove(top.name)
                    measured[top.name] = top.deepest
                    if !stack.isEmpty {
                        stack[stack.count - 1].deepest = max(stack[stack.count - 1].deepest, top.level + top.deepest)
                    }
                }
            }
            deepest = max(deepest, spread.level + (measured[spread.name] ?? 0))
        }
        return deepest
    }

    /// One definition's nesting; recursion is bounded by the parser's depth limit.
    private static func shape(of selectionSet: SelectionSet) -> Shape {
        var shape = Shape()
        walk(selectionSet, level: 1, into: &shape)
        return shape
    }

    private static func walk(_ selectionSet: SelectionSet, level: Int, into shape: inout Shape) {
        shape.depth = max(shape.depth, level)
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let inner = field.selectionSet { walk(inner, level: level + 1, into: &shape) }
            case .inlineFragment(let fragment):
                walk(fragment.selectionSet, level: level + 1, into: &shape)
            case .fragmentSpread(let spread):
                shape.spreads.append((spread.name.value, level))
            }
        }
    }
}
