#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON

/// Reads a GraphQL response body from bytes: a JSON object with `data` and/or `errors`.
///
/// Never traps on any input (a fuzzing entry point).
public enum GraphQLResponseDecoder {
    /// Why bytes are not a GraphQL response body.
    public enum Failure: Error, Sendable, Hashable {
        /// The bytes are not JSON.
        case notJSON(JSONParseError)
        /// The JSON is not shaped like a GraphQL response; the reason says how.
        case unexpectedShape(String)
    }

    /// Decodes `data` as a GraphQL response body.
    public static func decode(_ data: Data) throws(Failure) -> GraphQLResponseBody {
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            throw .notJSON(error)
        }
        return try decode(json)
    }

    /// Checks the shape of an already parsed body.
    public static func decode(_ json: JSONValue) throws(Failure) -> GraphQLResponseBody {
        guard case .object(let members) = json else { throw .unexpectedShape("the body is not a JSON object") }
        guard members["data"] != nil || members["errors"] != nil else {
            throw .unexpectedShape("the body has neither data nor errors")
        }
        let data: [String: JSONValue]?
        switch members["data"] {
        case nil, .null?: data = nil
        case .object(let object)?: data = object
        default: throw .unexpectedShape("data is not an object")
        }
        let errors: [GraphQLError]
        switch members["errors"] {
        case nil, .null?: errors = []
        case .array(let entries)?: errors = entries.map(GraphQLError.init(json:))
        default: throw .unexpectedShape("errors is not an array")
        }
        return GraphQLResponseBody(data: data, errors: errors)
    }
}
