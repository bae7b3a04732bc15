import Foundation

/// Navigation into `JSONSerialization` trees by keys and array indexes.
enum JSONPath {
    /// The value at a path of keys (`String`) and indexes (`Int`); `nil` if absent.
    static func value(_ root: Any?, _ path: Any...) -> Any? {
        value(root, path: path)
    }

    static func value(_ root: Any?, path: [Any]) -> Any? {
        var current = root
        for step in path {
            switch step {
            case let key as String:
                current = (current as? [String: Any])?[key]
            case let index as Int:
                guard let array = current as? [Any], array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    static func string(_ root: Any?, _ path: Any...) -> String? { value(root, path: path) as? String }
    static func bool(_ root: Any?, _ path: Any...) -> Bool? { value(root, path: path) as? Bool }
    static func int(_ root: Any?, _ path: Any...) -> Int? { value(root, path: path) as? Int }
    static func array(_ root: Any?, _ path: Any...) -> [Any]? { value(root, path: path) as? [Any] }
    static func isNull(_ root: Any?, _ path: Any...) -> Bool { value(root, path: path) is NSNull }
}
