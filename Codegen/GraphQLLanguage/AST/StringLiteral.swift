/// Writes strings as GraphQL string literals.
public enum StringLiteral {
    /// `text` between double quotes, with `"`, `\` and control characters escaped, and every
    /// character a terminal acts on (see ``isTerminalControl(_:)``) as `\uXXXX`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            default:
                if isTerminalControl(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether a terminal or a text viewer acts on the character: a C0 control, DEL, a C1
    /// control (U+009B is a terminal's CSI), a bidirectional control (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), or a line or paragraph separator (U+2028, U+2029).
    public static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
