import Foundation
import GraphQL
import OrderedCollections

/// JSON variable values as GraphQL `Map`s, keeping whole numbers whole.
///
/// GraphQLSwift's own `Map` decoding reads every number as a `Double`, so `{"id": 25}` reached
/// `ID` coercion as `25.0` and was refused although the spec accepts an integer for an `ID`.
/// Here a number with no fraction that fits an `Int` is an integer (as graphql-js reads JSON).
struct VariableJSON: Decodable {
    let map: Map

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            map = .null
        } else if let bool = try? container.decode(Bool.self) {
            map = .bool(bool)
        } else if let double = try? container.decode(Double.self) {
            map = Self.number(double, exact: try? container.decode(Int.self))
        } else if let string = try? container.decode(String.self) {
            map = .string(string)
        } else if let array = try? container.decode([VariableJSON].self) {
            map = .array(array.map(\.map))
        } else {
            let object = try decoder.container(keyedBy: Key.self)
            var dictionary: OrderedDictionary<String, Map> = [:]
            for key in object.allKeys {
                dictionary[key.stringValue] = try object.decode(VariableJSON.self, forKey: key).map
            }
            map = .dictionary(dictionary)
        }
    }

    private static func number(_ double: Double, exact: Int?) -> Map {
        if let exact { return .number(Number(exact)) }
        if double.isFinite, double == double.rounded(), let whole = Int(exactly: double) { return .number(Number(whole)) }
        return .number(Number(double))
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
