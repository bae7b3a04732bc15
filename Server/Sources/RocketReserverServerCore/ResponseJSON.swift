import Foundation
import GraphQL
import OrderedCollections

/// JSON encoding of GraphQL responses: `{"errors": [...], "data": ...}`.
enum ResponseJSON {
    /// Encodes errors (each given `defaultCode` when it has no `extensions.code`) and, when
    /// `includeData` is set, the `data` entry (`null` when `data` is nil).
    static func encode(data: Map?, includeData: Bool, errors: [GraphQLError], defaultCode: String) -> Data {
        var body = OrderedDictionary<String, Map>()
        if !errors.isEmpty {
            body["errors"] = .array(errors.map { map($0, defaultCode: defaultCode) })
        }
        if includeData {
            body["data"] = data ?? .null
        }
        do {
            let encoder = GraphQLJSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return try encoder.encode(Map.dictionary(body))
        } catch {
            let fallback = #"{"errors":[{"message":"Internal error: the response could not be encoded","extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":null}"#
            return Data(fallback.utf8)
        }
    }

    /// Encodes errors alone as a JSON array (the payload of a WebSocket `error` message).
    static func encodeErrors(_ errors: [GraphQLError], defaultCode: String) -> Data {
        do {
            let encoder = GraphQLJSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return try encoder.encode(Map.array(errors.map { map($0, defaultCode: defaultCode) }))
        } catch {
            return Data(#"[{"message":"Internal error: the errors could not be encoded","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]"#.utf8)
        }
    }

    private static func map(_ error: GraphQLError, defaultCode: String) -> Map {
        var entry = OrderedDictionary<String, Map>()
        entry["message"] = .string(error.message)
        if !error.locations.isEmpty {
            entry["locations"] = .array(error.locations.map { .dictionary(["line": .int($0.line), "column": .int($0.column)]) })
        }
        if !error.path.elements.isEmpty {
            entry["path"] = .array(
                error.path.elements.map { element in
                    switch element {
                    case .index(let index): .int(index)
                    case .key(let key): .string(key)
                    }
                }
            )
        }
        var extensions = OrderedDictionary<String, Map>()
        extensions["code"] = error.extensions["code"] ?? .string(defaultCode)
        for (key, value) in error.extensions.sorted(by: { $0.key < $1.key }) where key != "code" {
            extensions[key] = value
        }
        entry["extensions"] = .dictionary(extensions)
        return .dictionary(entry)
    }
}
