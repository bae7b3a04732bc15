import GraphQLClient
import JSON

/// An answer delivered incrementally (`@defer`): the initial payload, then each subsequent one
/// merged in as it arrives.
///
/// Both formats servers send today are read:
/// - Apollo's `deferSpec=20220824` (Apollo Router, Apollo Server 4): `incremental` items with
///   `data`, `path` and `label`;
/// - graphql-js 17's (Strawberry on graphql-core 3.3): `pending` entries (`id`, `path`,
///   `label`) announced first, then `incremental` items with `id` (and `subPath`) and
///   `completed` entries (with `errors` when the deferred fragment failed).
/// A payload with `hasNext: false` ends the answer. A part whose path no longer leads to an
/// object (its parent is `null` after an error) is dropped, as the spec says.
public struct IncrementalResponse: Sendable {
    /// Why a payload cannot be merged.
    public enum Failure: Error, Sendable, Hashable {
        /// The payload is not shaped like an incremental delivery payload; the reason says how.
        case unexpectedShape(String)
    }

    /// What one subsequent payload delivered at one place: what the cache writes, and what
    /// watchers see.
    public struct Part: Sendable, Hashable {
        /// Where the data goes in the answer: keys and list indexes.
        public var path: [JSONValue]
        /// The deferred fragment's label, when it has one.
        public var label: String?
        /// The fields delivered; `nil` for a fragment that completed with errors only.
        public var data: [String: JSONValue]?
        public var errors: [GraphQLError]
    }

    /// The answer's `data` so far; `nil` when the initial payload had none.
    public private(set) var data: [String: JSONValue]?
    /// Every error so far, the initial payload's and the parts'.
    public private(set) var errors: [GraphQLError]
    /// Whether more payloads are to come.
    public private(set) var hasNext: Bool
    /// graphql-js 17's announced fragments not completed yet, by id.
    private var pending: [String: (path: [JSONValue], label: String?)] = [:]

    /// Starts from the initial payload.
    public init(initial payload: JSONValue) throws(Failure) {
        guard case .object(let members) = payload else { throw .unexpectedShape("the initial payload is not an object") }
        switch members["data"] {
        case nil, .null?: data = nil
        case .object(let object)?: data = object
        default: throw .unexpectedShape("data is not an object")
        }
        errors = Self.errors(members["errors"])
        hasNext = members["hasNext"] == .bool(true)
        try announce(members["pending"])
    }

    /// Merges a subsequent payload and returns what it delivered, in order.
    public mutating func apply(_ payload: JSONValue) throws(Failure) -> [Part] {
        guard case .object(let members) = payload else { throw .unexpectedShape("a subsequent payload is not an object") }
        // An empty object is a heartbeat (Apollo Router sends them).
        if members.isEmpty { return [] }
        try announce(members["pending"])
        var parts: [Part] = []
        for item in members["incremental"]?.arrayValue ?? [] {
            guard case .object(let entry) = item else { throw .unexpectedShape("an incremental entry is not an object") }
            let itemErrors = Self.errors(entry["errors"])
            errors += itemErrors
            var path: [JSONValue]
            var label = entry["label"]?.stringValue
            if let id = entry["id"]?.stringValue {
                guard let announced = pending[id] else { throw .unexpectedShape("an incremental entry names the unknown id \(id)") }
                path = announced.path + (entry["subPath"]?.arrayValue ?? [])
                label = label ?? announced.label
            } else {
                path = entry["path"]?.arrayValue ?? []
            }
            guard case .object(let delivered)? = entry["data"] else {
                if entry["items"] != nil { throw .unexpectedShape("@stream items are not supported") }
                parts.append(Part(path: path, label: label, data: nil, errors: itemErrors))
                continue
            }
            if var root = data, Self.merge(delivered, into: &root, at: path[...]) {
                data = root
                parts.append(Part(path: path, label: label, data: delivered, errors: itemErrors))
            }
        }
        for item in members["completed"]?.arrayValue ?? [] {
            guard let id = item["id"]?.stringValue else { throw .unexpectedShape("a completed entry has no id") }
            let completionErrors = Self.errors(item["errors"])
            errors += completionErrors
            if let announced = pending.removeValue(forKey: id), !completionErrors.isEmpty {
                parts.append(Part(path: announced.path, label: announced.label, data: nil, errors: completionErrors))
            }
        }
        if case .bool(let more)? = members["hasNext"] { hasNext = more }
        return parts
    }

    private mutating func announce(_ entries: JSONValue?) throws(Failure) {
        for entry in entries?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue, let path = entry["path"]?.arrayValue else {
                throw .unexpectedShape("a pending entry lacks its id or path")
            }
            pending[id] = (path, entry["label"]?.stringValue)
        }
    }

    private static func errors(_ value: JSONValue?) -> [GraphQLError] {
        (value?.arrayValue ?? []).map(GraphQLError.init(json:))
    }

    /// Deep-merges `delivered` into the object at `path` under `object`; `false` when the path
    /// leads to no object.
    private static func merge(_ delivered: [String: JSONValue], into object: inout [String: JSONValue], at path: ArraySlice<JSONValue>) -> Bool {
        guard let step = path.first else {
            for (key, value) in delivered {
                if case .object(let new) = value, case .object(var old)? = object[key] {
                    _ = merge(new, into: &old, at: [])
                    object[key] = .object(old)
                } else if case .array(let new) = value, case .array(var old)? = object[key], old.count == new.count {
                    for index in old.indices {
                        if case .object(let newElement) = new[index], case .object(var oldElement) = old[index] {
                            _ = merge(newElement, into: &oldElement, at: [])
                            old[index] = .object(oldElement)
                        } else {
                            old[index] = new[index]
                        }
                    }
                    object[key] = .array(old)
                } else {
                    object[key] = value
                }
            }
            return true
        }
        guard case .string(let key) = step else { return false }
        switch object[key] {
        case .object(var child)?:
            guard merge(delivered, into: &child, at: path.dropFirst()) else { return false }
            object[key] = .object(child)
            return true
        case .array(var list)?:
            guard let indexStep = path.dropFirst().first, case .int(let index) = indexStep, list.indices.contains(index),
                case .object(var element) = list[index], merge(delivered, into: &element, at: path.dropFirst(2))
            else { return false }
            list[index] = .object(element)
            object[key] = .array(list)
            return true
        default:
            return false
        }
    }
}
