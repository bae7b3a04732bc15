/// Makes strings from UTF-8 bytes, rejecting invalid UTF-8, with a fast path for ASCII.
package enum UTF8Text {
    /// The text, or `nil` when the bytes are not valid UTF-8.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether every byte is below 0x80 (checked eight bytes at a time).
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
