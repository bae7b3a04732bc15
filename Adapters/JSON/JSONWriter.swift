import Foundation

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
    /// (the short forms `\b \f \n \r \t` where JSON has them, else `\u00xx`; slashes and
    /// non-ASCII text as they are), as Foundation's `JSONEncoder` does with `.withoutEscapingSlashes`.
    public static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(Byte.quote)
        for byte in text.utf8 {
            switch byte {
            case Byte.quote: bytes.append(contentsOf: [Byte.backslash, Byte.quote])
            case Byte.backslash: bytes.append(contentsOf: [Byte.backslash, Byte.backslash])
            case Byte.newline: bytes.append(contentsOf: [Byte.backslash, Byte.n])
            case Byte.carriageReturn: bytes.append(contentsOf: [Byte.backslash, Byte.r])
            case Byte.tab: bytes.append(contentsOf: [Byte.backslash, Byte.t])
            case Byte.backspace: bytes.append(contentsOf: [Byte.backslash, Byte.b])
            case Byte.formFeed: bytes.append(contentsOf: [Byte.backslash, Byte.f])
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [Byte.backslash, Byte.u, Byte.zero, Byte.zero])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(Byte.quote)
    }
}
