/// Prints a ``Schema`` as SDL, in definition order, the way `graphql-js`'s `printSchema` does:
/// built-in scalars and directives left out, `schema { }` only when root names are not the
/// defaults, descriptions as block strings (on one line when short and single-line).
public enum SchemaPrinter {
    public static func print(_ schema: Schema) -> String {
        var blocks: [String] = []
        if let definition = schemaDefinition(schema) { blocks.append(definition) }
        let builtIns = Set(BuiltInDirectives.all.map(\.name))
        for directive in schema.directives.values.sorted(by: { $0.name < $1.name }) where !builtIns.contains(directive.name) {
            let locations = DirectiveLocation.allCases.filter(directive.locations.contains).map(\.rawValue).joined(separator: " | ")
            let repeatable = directive.isRepeatable ? " repeatable" : ""
            blocks.append(description(directive.description, "") + "directive @\(directive.name)\(arguments(directive.arguments))\(repeatable) on \(locations)")
        }
        for type in schema.definedTypes { blocks.append(print(type)) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `schema { … }` unless SDL without it means the same roots: without one, an object type
    /// named `Query`, `Mutation` or `Subscription` is that root, so a schema whose roots are named
    /// otherwise, or that has such a type that is not a root, needs it.
    private static func schemaDefinition(_ schema: Schema) -> String? {
        let roots = [("query", schema.queryType, "Query"), ("mutation", schema.mutationType, "Mutation"), ("subscription", schema.subscriptionType, "Subscription")]
        let implicit = { (name: String) in schema.types[name]?.kind == .object ? name : nil }
        guard roots.contains(where: { $0.1 != implicit($0.2) }) else { return nil }
        let lines = roots.compactMap { root in root.1.map { "  \(root.0): \($0)" } }
        return "schema {\n" + lines.joined(separator: "\n") + "\n}"
    }

    private static func print(_ type: SchemaType) -> String {
        let head = description(type.description, "") + type.kind.rawValue + " " + type.name
        switch type.kind {
        case .scalar:
            return head
        case .object, .interface:
            let implements = type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & ")
            let fields = type.fields.map { field in
                description(field.description, "  ") + "  " + field.name + arguments(field.arguments, indent: "  ") + ": \(field.type)"
                    + deprecated(field.deprecationReason)
            }
            return head + implements + " {\n" + fields.joined(separator: "\n") + "\n}"
        case .union:
            return head + " = " + type.unionMembers.joined(separator: " | ")
        case .enumeration:
            let values = type.enumValues.map { description($0.description, "  ") + "  " + $0.name + deprecated($0.deprecationReason) }
            return head + " {\n" + values.joined(separator: "\n") + "\n}"
        case .inputObject:
            let fields = type.inputFields.map { description($0.description, "  ") + "  " + inputValue($0) }
            return head + (type.isOneOf ? " @oneOf" : "") + " {\n" + fields.joined(separator: "\n") + "\n}"
        }
    }

    /// `(a: Int, b: String)` on one line, or one argument per line when any has a description.
    private static func arguments(_ arguments: [SchemaInputValue], indent: String = "") -> String {
        guard !arguments.isEmpty else { return "" }
        guard arguments.contains(where: { $0.description != nil }) else {
            return "(" + arguments.map(inputValue).joined(separator: ", ") + ")"
        }
        let inner = indent + "  "
        return "(\n" + arguments.map { description($0.description, inner) + inner + inputValue($0) }.joined(separator: "\n") + "\n" + indent + ")"
    }

    private static func inputValue(_ value: SchemaInputValue) -> String {
        "\(value.name): \(value.type)" + (value.defaultValue.map { " = \($0)" } ?? "") + deprecated(value.deprecationReason)
    }

    private static func deprecated(_ reason: String?) -> String {
        guard let reason else { return "" }
        return reason == "No longer supported" ? " @deprecated" : " @deprecated(reason: \(StringLiteral.quoted(reason)))"
    }

    /// The description line(s) before a definition, indented; empty without a description.
    /// A block string cannot escape anything, so a description holding a control character
    /// other than a line end or a tab (or one a terminal acts on) is a quoted string instead.
    private static func description(_ text: String?, _ indent: String) -> String {
        guard let text else { return "" }
        if text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && StringLiteral.isTerminalControl($0) }) {
            return indent + StringLiteral.quoted(text) + "\n"
        }
        let escaped = text.replacingTripleQuotes()
        let fitsOnALine = !text.contains("\n") && text.count <= 70 && !text.hasSuffix("\"") && !text.hasSuffix("\\")
            && text.first != " " && text.first != "\t"
        if fitsOnALine { return indent + "\"\"\"" + escaped + "\"\"\"\n" }
        // Each non-empty line indented, in one pass over the bytes (no array of lines).
        var block = Array((indent + "\"\"\"\n").utf8)
        block.reserveCapacity(escaped.utf8.count + 2 * indent.utf8.count + 8)
        var atLineStart = true
        for byte in escaped.utf8 {
            if atLineStart && byte != UInt8(ascii: "\n") { block.append(contentsOf: indent.utf8) }
            block.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        block.append(contentsOf: ("\n" + indent + "\"\"\"\n").utf8)
        return String(decoding: block, as: UTF8.self)
    }
}

extension String {
    /// The text with `"""` escaped for a block string: every third quote of a run of quotes
    /// becomes `\"""`. One pass over the UTF-8 bytes (a quote is ASCII), so linear.
    fileprivate func replacingTripleQuotes() -> String {
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var quotes = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") {
                quotes += 1
                if quotes == 3 {
                    result.append(contentsOf: #"\""""#.utf8)
                    quotes = 0
                }
            } else {
                result.append(contentsOf: repeatElement(UInt8(ascii: "\""), count: quotes))
                result.append(byte)
                quotes = 0
            }
        }
        result.append(contentsOf: repeatElement(UInt8(ascii: "\""), count: quotes))
        return String(decoding: result, as: UTF8.self)
    }
}
