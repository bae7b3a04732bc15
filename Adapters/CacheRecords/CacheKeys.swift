import GraphQLClient
import JSON

/// How records are keyed in the normalized cache.
///
/// Three kinds of keys, built so that no key of one kind can spell a key of another, whatever
/// a server puts in an answer:
/// - root keys (``queryRoot``, ``mutationRoot``, ``cacheState``) hold neither `:` nor `.`;
/// - identity keys are `Type:id`: a GraphQL name (no `:` or `.`), a colon, then the id with
///   `%` and `.` escaped (`%25`, `%2E`), so they hold a `:` and never a `.`;
/// - path keys are a root or identity key followed by `.component`s, so they always hold a `.`.
///
/// Only the type name and the id come from the server; ``AnswerNormalizer`` checks the name.
public enum CacheKeys {
    /// The record of the query root's fields.
    public static let queryRoot = "QUERY_ROOT"
    /// The (never stored) record of a mutation's root fields.
    public static let mutationRoot = "MUTATION_ROOT"
    /// The record of the persistence's own bookkeeping (`mutations`: how many mutations have
    /// changed the cache); never read by an operation.
    package static let cacheState = "CACHE_STATE"

    /// `__typename:id` when the object has a type name that is a GraphQL name and an id (a
    /// string or an integer), else `nil`.
    public static func key(for object: [String: JSONValue]) -> String? {
        guard case .string(let typename)? = object["__typename"], isName(typename), let id = object["id"].flatMap(identifier) else {
            return nil
        }
        return key(typename: typename, id: id)
    }

    /// `typename:id`, the key of the object of that type with that id (e.g. `Launch:25`); the
    /// id's `%` and `.` are escaped, so an id never reads as a path (`Launch:5%2Emission`).
    public static func key(typename: String, id: String) -> String {
        typename + ":" + escaped(id)
    }

    /// An id as the cache keys it: a string as it is, an integer in decimal; else `nil`.
    static func identifier(_ value: JSONValue) -> String? {
        switch value {
        case .string(let id): id
        case .int(let id): String(id)
        default: nil
        }
    }

    /// Whether `text` is a GraphQL name (`[_A-Za-z][_0-9A-Za-z]*`), as every type name is.
    static func isName(_ text: String) -> Bool {
        GraphQLName.isValid(text)
    }

    /// The id with `%` as `%25` and `.` as `%2E`: one id, one key, and never a `.` in it.
    static func escaped(_ id: String) -> String {
        guard id.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") }) else { return id }
        var result = ""
        result.reserveCapacity(id.utf8.count + 8)
        for character in id.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case ".": result += "%2E"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// The key of an object without an id: its parent's key, then the field key, then list indexes.
    static func path(_ parent: String, _ component: String) -> String {
        parent + "." + component
    }
}
