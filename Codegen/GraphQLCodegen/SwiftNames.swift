/// Swift spellings of GraphQL names: types, properties, enum cases and string literals.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "Type", "Protocol", "_",
    ]

    /// A property or parameter name, back-quoted when it is a keyword.
    static func property(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// An initializer's parameter for `property`: the property's name, except `self`, which
    /// would hide the instance from the body, gets the inner name `self_` (``argument(_:)``).
    static func parameter(_ property: String) -> String { property == "`self`" ? "self self_" : property }

    /// What an initializer's body reads for the parameter ``parameter(_:)`` made.
    static func argument(_ property: String) -> String { property == "`self`" ? "self_" : property }

    /// `property` read inside its own type: `self` alone would be the instance.
    static func member(_ property: String) -> String { property == "`self`" ? "self.`self`" : property }

    /// `property` as an argument label at a call site: keywords need no back-quotes there, `_` does.
    static func label(_ property: String) -> String { property == "`_`" ? property : String(property.filter { $0 != "`" }) }

    /// `launches` → `Launch` for a list, `mission` → `Mission` otherwise.
    static func typeName(forKey key: String, isList: Bool) -> String {
        let capitalized = capitalize(key)
        return isList ? singular(capitalized) : capitalized
    }

    /// The name an anonymous operation takes from its file: `path/launch-list.graphql` →
    /// `LaunchList` (letters and digits of the base name, each run capitalised); `nil` when
    /// the base name has none, or starts with a digit.
    static func name(fromFile sourceName: String) -> String? {
        let base = sourceName.split(separator: "/").last.map { $0.split(separator: ".").first.map(String.init) ?? "" } ?? ""
        let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = words.map { capitalize(String($0)) }.joined()
        guard let first = name.first, first.isLetter else { return nil }
        return name
    }

    static func capitalize(_ name: String) -> String {
        let trimmed = name.drop { $0 == "_" }
        guard let first = trimmed.first else { return "Field" }
        return first.uppercased() + trimmed.dropFirst()
    }

    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 3 { return name.dropLast(3) + "y" }
        for suffix in ["ches", "shes", "sses", "xes"] where name.hasSuffix(suffix) { return String(name.dropLast(2)) }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 { return String(name.dropLast()) }
        return name
    }

    /// `LARGE` → `large`, `IN_PROGRESS` → `inProgress`, `inProgress` → `inProgress`.
    static func enumCase(_ value: String) -> String {
        let isScreaming = value == value.uppercased()
        let parts = value.split(separator: "_")
        guard let head = parts.first else { return property(value) }
        let first = isScreaming ? head.lowercased() : head.prefix(1).lowercased() + head.dropFirst()
        let rest = parts.dropFirst().map { isScreaming ? $0.prefix(1) + $0.dropFirst().lowercased() : capitalize(String($0)) }
        let name = first + rest.joined()
        return name == "unknown" ? "unknown_" : property(name)
    }

    /// A Swift string literal with `"`, `\` and control characters escaped.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
