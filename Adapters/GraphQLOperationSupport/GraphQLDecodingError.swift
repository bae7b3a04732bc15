import GraphQLClient
/// An answer that does not have the shape the generated model expects, with where it went wrong.
///
/// Decoding builds no path while it succeeds: an error gains its path on the way out, one
/// component per enclosing field or list element.
public struct GraphQLDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the `data` object, e.g. `launch.mission.name`; empty for the root.
    public private(set) var path: ResponsePath
    /// What was wrong, e.g. `expected a string, found 3`.
    public let problem: String

    public init(path: ResponsePath = ResponsePath(), problem: String) {
        self.path = path
        self.problem = problem
    }

    /// The same error one level further out: inside the member `key` or the element `index`.
    func inside(_ component: ResponsePath.Component) -> GraphQLDecodingError {
        var error = self
        error.path = ResponsePath([component] + path.components)
        return error
    }

    public var description: String {
        path.components.isEmpty ? "The answer's data: \(problem)." : "The answer's \(path): \(problem)."
    }
}
