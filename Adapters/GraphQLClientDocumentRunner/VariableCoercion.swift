#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLLanguage
import JSON

/// Coerces `--var` text to the JSON a variable of its declared type takes (spec 3.5 and 3.10):
/// `25` for `ID!` is `"25"`, for `Int` is `25`; `null` is null; lists and input objects are
/// JSON (`[1,2]`, `{"a":1}`), and a single value for a list type is a list of one.
struct VariableCoercion {
    let schema: Schema

    /// Why a value does not fit; a phrase that follows "The variable $name".
    struct Problem: Error, Equatable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// The value of `text`, as typed on the command line, for a variable of `type`.
    func value(_ text: String, for type: TypeReference) throws(Problem) -> JSONValue {
        if text == "null" { return try coerce(.null, to: type, at: "") }
        switch type.nullable {
        case .list(let item):
            return text.first == "[" ? try coerce(json(text), to: type, at: "") : .array([try value(text, for: item)])
        case .named(let name), .nonNull(.named(let name)):
            guard let named = schema.types[name] else { throw Problem("has an unknown type \(name)") }
            switch named.kind {
            case .scalar where name == "String" || name == "ID":
                // A JSON string ("\"null\"") is taken as that string; anything else as typed.
                if text.first == "\"", case .string(let string) = try? json(text) { return .string(string) }
                return .string(text)
            case .scalar where Schema.builtInScalars.contains(name):
                return try coerce(json(text, expected: article(name)), to: type, at: "")
            case .scalar:
                return (try? json(text)) ?? .string(text)
            case .enumeration:
                return try coerce(.string(text), to: type, at: "")
            default:
                return try coerce(json(text, expected: "a JSON object for \(name)"), to: type, at: "")
            }
        case .nonNull:
            throw Problem("has an unsupported type \(type)")
        }
    }

    /// Checks a JSON value against `type`, recursively; `path` names the place for messages.
    func coerce(_ value: JSONValue, to type: TypeReference, at path: String) throws(Problem) -> JSONValue {
        let place = path.isEmpty ? "" : " at \(path)"
        if value == .null {
            guard !type.isNonNull else { throw Problem("cannot be null\(place): its type is \(type)") }
            return .null
        }
        switch type.nullable {
        case .list(let item):
            guard case .array(let elements) = value else { return .array([try coerce(value, to: item, at: path)]) }
            var result: [JSONValue] = []
            for (index, element) in elements.enumerated() { result.append(try coerce(element, to: item, at: "\(path)[\(index)]")) }
            return .array(result)
        case .named(let name), .nonNull(.named(let name)):
            guard let named = schema.types[name] else { throw Problem("has an unknown type \(name)") }
            if named.kind == .inputObject { return try inputObject(value, named, at: path) }
            if let coerced = Self.scalar(value, named) { return coerced }
            let expected = named.kind == .enumeration
                ? "one of \(named.enumValues.prefix(8).map(\.name).joined(separator: ", "))\(named.enumValues.count > 8 ? ", …" : "")"
                : article(name)
            throw Problem("must be \(expected)\(place), not \(Self.shown(value))")
        case .nonNull:
            throw Problem("has an unsupported type \(type)")
        }
    }

    private func inputObject(_ value: JSONValue, _ type: SchemaType, at path: String) throws(Problem) -> JSONValue {
        let place = path.isEmpty ? "" : " at \(path)"
        guard case .object(let members) = value else { throw Problem("must be a JSON object for \(type.name)\(place), not \(Self.shown(value))") }
        var result: [String: JSONValue] = [:]
        for key in members.keys.sorted() where type.inputField(named: key) == nil {
            throw Problem("has a field \"\(Self.shown(key))\"\(place) that \(type.name) does not define")
        }
        for field in type.inputFields {
            let fieldPath = path.isEmpty ? field.name : "\(path).\(field.name)"
            guard let member = members[field.name] else {
                if field.isRequired { throw Problem("needs the field \(fieldPath) (\(field.type))") }
                continue
            }
            result[field.name] = try coerce(member, to: field.type, at: fieldPath)
        }
        return .object(result)
    }

    /// A built-in scalar, enum or custom scalar value that fits, else `nil`.
    private static func scalar(_ value: JSONValue, _ type: SchemaType) -> JSONValue? {
        // `JSONValue` is nil-literal expressible: spell "no value" as `.none`, never `nil`.
        switch (type.kind, type.name, value) {
        case (.enumeration, _, .string(let name)): type.enumValues.contains(where: { $0.name == name }) ? .some(value) : .none
        case (.scalar, "Int", _): value.intValue.flatMap { Int32(exactly: $0) }.map { .int(Int($0)) }
        case (.scalar, "Float", .int(let number)): .double(Double(number))
        case (.scalar, "Float", .double(let number)): number.isFinite ? .some(value) : .none
        case (.scalar, "String", .string), (.scalar, "ID", .string), (.scalar, "Boolean", .bool): value
        case (.scalar, "ID", .int(let number)): .string(String(number))
        case (.scalar, let name, _) where !Schema.builtInScalars.contains(name): value
        default: .none
        }
    }

    private func json(_ text: String, expected: String = "valid JSON") throws(Problem) -> JSONValue {
        do {
            return try JSONParser.parse(Data(text.utf8))
        } catch {
            throw Problem("must be \(expected), not \"\(Self.shown(text))\"")
        }
    }

    private func article(_ name: String) -> String {
        switch name {
        case "Int": "an Int (a whole number of 32 bits)"
        case "Float": "a Float (a number)"
        case "Boolean": "a Boolean (true or false)"
        case "ID": "an ID"
        default: "a \(name)"
        }
    }

    /// A value shortened and stripped of control characters, safe to echo.
    static func shown(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"" + shown(text) + "\""
        default: shown(JSONWriter.string(value))
        }
    }

    static func shown(_ text: String) -> String {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return visible.count > 40 ? visible.prefix(40) + "…" : visible
    }
}
