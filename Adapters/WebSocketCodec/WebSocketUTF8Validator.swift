/// Checks UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF) as bytes
/// arrive, so a text message split across frames, with a character split between two of them,
/// is checked as one.
package struct WebSocketUTF8Validator {
    private var pending = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Takes the next bytes; `false` as soon as they cannot be part of valid UTF-8.
    package mutating func consume<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        for byte in bytes {
            if pending == 0 {
                switch byte {
                case 0x00...0x7F: continue
                case 0xC2...0xDF: pending = 1
                case 0xE0: (pending, lower) = (2, 0xA0)
                case 0xE1...0xEC, 0xEE...0xEF: pending = 2
                case 0xED: (pending, upper) = (2, 0x9F)
                case 0xF0: (pending, lower) = (3, 0x90)
                case 0xF1...0xF3: pending = 3
                case 0xF4: (pending, upper) = (3, 0x8F)
                default: return false
                }
            } else {
                guard byte >= lower, byte <= upper else { return false }
                (lower, upper) = (0x80, 0xBF)
                pending -= 1
            }
        }
        return true
    }

    /// Whether the bytes so far end on a character boundary.
    package var isComplete: Bool { pending == 0 }

    /// Whether `bytes` are whole, valid UTF-8.
    package static func isValid<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var validator = WebSocketUTF8Validator()
        return validator.consume(bytes) && validator.isComplete
    }
}
