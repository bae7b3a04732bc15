/// An answer that does not have the shape the generated model expects, with where it went wrong.
public struct GraphQLDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the `data` object, e.g. `launch.mission.name`; empty for the root.
    public let path: String
    /// What was wrong, e.g. `expected a string, found 3`.
    public let problem: String

    public init(path: ResponsePath, problem: String) {
        self.path = path.description
        self.problem = problem
    }

    public var description: String { path.isEmpty ? "The answer's data: \(problem)." : "The answer's \(path): \(problem)." }
}
