/// The one rule for numbers typed on a command line or set in the environment: plain decimal.
///
/// A whole number is one or more ASCII digits `0`–`9` and nothing else (`010` is ten). A
/// fraction, where an option takes one (seconds), may also have one point followed by at least
/// one digit (`2.5`, `0.25`, `.5`). Everything else is refused, though Swift's `Int(_:)` and
/// `Double(_:)` or C's `strtol`/`strtod` would take some of it: a sign (`+5`, `-5`), white space
/// anywhere, `_` separators, hexadecimal (`0x10`, and hexadecimal floats such as `0x1p4`),
/// exponents (`1e3`: not what a value named SECONDS or N promises, and easy to mistype),
/// `inf`, `nan`, a trailing point (`5.`) and digits of other scripts (`٣`, `３`). Values longer
/// than ``maximumLength`` characters are refused too, before any arithmetic.
public enum DecimalNumber {
    /// The longest text read as a number.
    public static let maximumLength = 40

    /// The value of `text` when it is a whole decimal number that fits in an `Int`, else `nil`.
    public static func wholeNumber(_ text: String) -> Int? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes.allSatisfy(isDigit) else { return nil }
        var value = 0
        for byte in bytes {
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd else { return nil }
            value = sum
        }
        return value
    }

    /// The value of `text` when it is a whole number or a decimal fraction (``DecimalNumber``'s
    /// rule), else `nil`. Always finite and never negative.
    public static func fraction(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = bytes[..<(point ?? bytes.endIndex)]
        let decimals = point.map { bytes[($0 + 1)...] } ?? []
        guard whole.allSatisfy(isDigit), decimals.allSatisfy(isDigit) else { return nil }
        if point == nil {
            guard !whole.isEmpty else { return nil }
        } else {
            guard !decimals.isEmpty else { return nil }
        }
        // Only digits and one point remain: Double's own parser reads them exactly as written.
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
