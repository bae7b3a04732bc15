import JSON

/// Reads the cache file format's primitives with bounds checks; never traps on any input.
package struct ByteReader {
    /// Bytes that do not form what was expected.
    package struct Malformed: Error {
        package init() {}
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int
    package let end: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.index = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    package var isAtEnd: Bool { index >= end }

    package mutating func byte() throws(Malformed) -> UInt8 {
        guard index < end else { throw Malformed() }
        defer { index += 1 }
        return bytes[index]
    }

    package mutating func varint() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 7) {
            let byte = try byte()
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
        }
        throw Malformed()
    }

    /// A count or length, which can never exceed the bytes left.
    package mutating func count() throws(Malformed) -> Int {
        let value = try varint()
        guard value <= UInt64(end - index) else { throw Malformed() }
        return Int(value)
    }

    package mutating func range() throws(Malformed) -> Range<Int> {
        let length = try count()
        defer { index += length }
        return index..<(index + length)
    }

    /// A body whose length is a 32-bit little-endian prefix.
    package mutating func lengthPrefixedRange() throws(Malformed) -> Range<Int> {
        var length = 0
        for shift in stride(from: 0, to: 32, by: 8) { length |= Int(try byte()) << shift }
        guard length <= end - index else { throw Malformed() }
        defer { index += length }
        return index..<(index + length)
    }

    package mutating func string() throws(Malformed) -> String {
        let range = try range()
        guard let text = UTF8Text.string(UnsafeBufferPointer(rebasing: bytes[range])) else {
            throw Malformed()
        }
        return text
    }

    package mutating func uint64() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 8) { value |= UInt64(try byte()) << shift }
        return value
    }
}
