/// Where a value sits in an answer, for messages: `launch.mission.name`, `launches.launches[3].id`.
public struct ResponsePath: Sendable, Hashable, CustomStringConvertible {
    /// One step: a member of an object or an element of a list.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    /// The root of the `data` object.
    public init(_ components: [Component] = []) { self.components = components }

    public func appending(_ key: String) -> ResponsePath { ResponsePath(components + [.key(key)]) }

    public func appending(index: Int) -> ResponsePath { ResponsePath(components + [.index(index)]) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
