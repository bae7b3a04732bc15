/// Where a value sits in an answer, for messages: `launch.mission.name`, `launches.launches[3].id`.
public struct ResponsePath: Sendable, Hashable, CustomStringConvertible {
    public private(set) var description: String

    /// The root of the `data` object.
    public init() { description = "" }

    public func appending(_ key: String) -> ResponsePath {
        var path = self
        path.description = description.isEmpty ? key : description + "." + key
        return path
    }

    public func appending(index: Int) -> ResponsePath {
        var path = self
        path.description += "[\(index)]"
        return path
    }
}
