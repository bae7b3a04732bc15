/// The rules of well-formed UTF-8 (Unicode's table 3-7), a byte at a time.
enum UTF8Lead {
    /// How many bytes a character starting with `lead` takes; `nil` when `lead` starts none.
    static func length(of lead: UInt8) -> Int? {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return nil
        }
    }

    /// Whether `byte` may follow `partial` (a lead and the bytes accepted after it).
    static func accepts(_ byte: UInt8, after partial: [UInt8]) -> Bool {
        guard partial.count == 1 else { return (0x80...0xBF).contains(byte) }
        switch partial[0] {
        case 0xE0: return (0xA0...0xBF).contains(byte)  // no overlong forms
        case 0xED: return (0x80...0x9F).contains(byte)  // no surrogates
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)  // nothing past U+10FFFF
        default: return (0x80...0xBF).contains(byte)
        }
    }

    /// The scalar of a complete, well-formed sequence.
    static func decode(_ bytes: [UInt8]) -> Unicode.Scalar {
        var value: UInt32
        switch bytes.count {
        case 2: value = UInt32(bytes[0] & 0x1F)
        case 3: value = UInt32(bytes[0] & 0x0F)
        default: value = UInt32(bytes[0] & 0x07)
        }
        for byte in bytes.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
