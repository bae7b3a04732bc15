/// Numbers (exact `Int` when they fit, else `Double`) and the literals `true`, `false`, `null`.
extension JSONScanner {
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let isNegative = bytes[index] == Byte.minus
        if isNegative { index += 1 }
        guard index < bytes.count, (Byte.zero...Byte.nine).contains(bytes[index]) else {
            throw JSONParseError(.invalidNumber, at: start)
        }
        var magnitude = 0
        var digitCount = 0
        if bytes[index] == Byte.zero {
            index += 1
            digitCount = 1
        } else {
            while index < bytes.count, case let byte = bytes[index], (Byte.zero...Byte.nine).contains(byte) {
                if digitCount < 18 { magnitude = magnitude &* 10 &+ Int(byte - Byte.zero) }
                digitCount += 1
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == Byte.dot {
            index += 1
            guard try skipDigits() > 0 else { throw JSONParseError(.invalidNumber, at: start) }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == Byte.e || bytes[index] == Byte.upperE {
            index += 1
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard try skipDigits() > 0 else { throw JSONParseError(.invalidNumber, at: start) }
            isInteger = false
        }
        if isInteger, digitCount <= 18 { return .int(isNegative ? -magnitude : magnitude) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let exact = Int(text) { return .int(exact) }
        guard let double = Double(text) else { throw JSONParseError(.invalidNumber, at: start) }
        return .double(double)
    }

    private mutating func skipDigits() throws(JSONParseError) -> Int {
        let start = index
        while index < bytes.count, (Byte.zero...Byte.nine).contains(bytes[index]) { index += 1 }
        return index - start
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw JSONParseError(.unexpectedEnd, at: bytes.count) }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw JSONParseError(.unexpectedByte, at: index + offset)
        }
        index += count
    }
}
