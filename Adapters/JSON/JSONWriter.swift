#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes ``JSONValue`` as compact UTF-8 JSON text.
///
/// With `sortedKeys` the output is deterministic, which cache keys rely on.
/// Non-finite doubles, which JSON cannot express, are written as `null`.
public enum JSONWriter {
    /// The value as JSON bytes.
    public static func data(_ value: JSONValue, sortedKeys: Bool = true) -> Data {
        var bytes: [UInt8] = []
        write(value, sortedKeys: sortedKeys, into: &bytes)
        return Data(bytes)
    }

    /// The value as JSON text.
    public static func string(_ value: JSONValue, sortedKeys: Bool = true) -> String {
        var bytes: [UInt8] = []
        write(value, sortedKeys: sortedKeys, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value's JSON text to `bytes`.
    public static func write(_ value: JSONValue, sortedKeys: Bool = true, into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .double(let number):
            bytes.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
        case .string(let text): writeString(text, into: &bytes)
        case .array(let elements):
            bytes.append(Byte.openBracket)
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(Byte.comma) }
                write(element, sortedKeys: sortedKeys, into: &bytes)
            }
            bytes.append(Byte.closeBracket)
        case .object(let members):
            bytes.append(Byte.openBrace)
            let keys = sortedKeys ? members.keys.sorted() : Array(members.keys)
            for (offset, key) in keys.enumerated() {
                if offset > 0 { bytes.append(Byte.comma) }
                writeString(key, into: &bytes)
                bytes.append(Byte.colon)
                write(members[key] ?? .null, sortedKeys: sortedKeys, into: &bytes)
            }
            bytes.append(Byte.closeBrace)
        }
    }

    /// Appends `text` as a quoted JSON string, escaping quotes, backslashes and control characters
    /// (the short forms `\b \f \n \r \t` where JSON has them, else `\u00xx`; slashes and other
    /// non-ASCII text as they are), as Foundation's `JSONEncoder` does with `.withoutEscapingSlashes`.
    ///
    /// Characters a terminal or a text viewer acts on are escaped as `\uXXXX` too, although JSON
    /// allows them raw: DEL and the C1 controls (U+007F–U+009F; U+009B is a terminal's CSI),
    /// the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)
    /// and the line and paragraph separators (U+2028, U+2029, which end a line in JavaScript).
    /// Every JSON reader reads them back as the same characters.
    public static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(Byte.quote)
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let (scalar, length) = escapedScalar(in: utf8, at: index)
                if let scalar {
                    appendEscape(scalar, into: &bytes)
                    index += length
                    continue
                }
                switch byte {
                case Byte.quote: bytes.append(contentsOf: [Byte.backslash, Byte.quote])
                case Byte.backslash: bytes.append(contentsOf: [Byte.backslash, Byte.backslash])
                case Byte.newline: bytes.append(contentsOf: [Byte.backslash, Byte.n])
                case Byte.carriageReturn: bytes.append(contentsOf: [Byte.backslash, Byte.r])
                case Byte.tab: bytes.append(contentsOf: [Byte.backslash, Byte.t])
                case Byte.backspace: bytes.append(contentsOf: [Byte.backslash, Byte.b])
                case Byte.formFeed: bytes.append(contentsOf: [Byte.backslash, Byte.f])
                case ..<0x20, 0x7F: appendEscape(UInt32(byte), into: &bytes)
                default: bytes.append(byte)
                }
                index += 1
            }
        }
        bytes.append(Byte.quote)
    }

    /// The code point of the multi-byte character at `index` when it is one that is always
    /// escaped (a C1 control, a bidirectional control, a line or paragraph separator), with its
    /// length in bytes; `(nil, 0)` otherwise. `utf8` is valid UTF-8, as a `String`'s is.
    private static func escapedScalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32?, Int) {
        let lead = utf8[index]
        guard lead == 0xC2 || lead == 0xD8 || lead == 0xE2, index + 1 < utf8.count else { return (nil, 0) }
        let second = utf8[index + 1]
        switch lead {
        case 0xC2 where second <= 0x9F: return (UInt32(second), 2)  // U+0080–U+009F
        case 0xD8 where second == 0x9C: return (0x061C, 2)  // ARABIC LETTER MARK
        case 0xE2 where (second == 0x80 || second == 0x81) && index + 2 < utf8.count:
            let scalar = 0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(utf8[index + 2] & 0x3F)
            switch scalar {
            case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return (scalar, 3)
            default: return (nil, 0)
            }
        default: return (nil, 0)
        }
    }

    /// Appends `\uXXXX` (lowercase hex) for a code point below U+10000.
    private static func appendEscape(_ scalar: UInt32, into bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [Byte.backslash, Byte.u])
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int((scalar >> UInt32(shift)) & 0x0F)]) }
    }
}
