/// What a target links: itself and every target it links, directly or through others (plugins,
/// which run at build time, are not followed).
struct TargetClosure {
    private let dependenciesByName: [String: [String]]

    init(_ targets: [DeclaredTarget]) {
        dependenciesByName = Dictionary(targets.map { ($0.name, $0.linked) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the targets `name` reaches (itself included), each with the path it is reached by.
    func reached(from name: String) -> [String: [String]] {
        var paths: [String: [String]] = [name: [name]]
        var queue = [name]
        while let next = queue.popLast() {
            let path = paths[next] ?? [next]
            for dependency in dependenciesByName[next] ?? [] where paths[dependency] == nil {
                paths[dependency] = path + [dependency]
                queue.append(dependency)
            }
        }
        return paths
    }
}
