import CommandLineKit

/// Reads the numbers of options and environment variables by ``DecimalNumber``'s rule (plain
/// decimal digits: no sign, hexadecimal, exponent, separator or white space), each checked
/// against its range and refused with one sentence that names the option or variable.
package enum NumberSetting {
    /// A whole number in `range`, given with `source` (an option's or a variable's name).
    /// - Parameters:
    ///   - unit: what the number counts, for the sentence ("seconds", "bytes"), if anything.
    ///   - note: a gloss on the range for the sentence, such as "ten years".
    /// - Throws: ``UsageError`` naming `source`, the range and the value as typed.
    package static func whole(
        _ text: String, from source: String, in range: ClosedRange<Int>, unit: String? = nil, note: String? = nil
    ) throws(UsageError) -> Int {
        guard let value = DecimalNumber.wholeNumber(text), range.contains(value) else {
            let counted = unit.map { "a whole number of \($0)" } ?? "a whole number"
            let gloss = note.map { " (\($0))" } ?? ""
            throw UsageError(
                "\(source) must be \(counted) from \(range.lowerBound) to \(range.upperBound)\(gloss), in decimal digits, not \"\(EchoedText.quoted(text))\"."
            )
        }
        return value
    }

    /// A number of seconds more than 0 and at most `maximum`, whole or with a decimal fraction,
    /// given with `source`.
    /// - Throws: ``UsageError`` naming `source`, the range and the value as typed.
    package static func seconds(_ text: String, from source: String, atMost maximum: Double) throws(UsageError) -> Double {
        guard let value = DecimalNumber.fraction(text), value > 0, value <= maximum else {
            throw UsageError(
                "\(source) must be a number of seconds more than 0 and at most \(Int(maximum)), in decimal digits (such as 2.5), not \"\(EchoedText.quoted(text))\"."
            )
        }
        return value
    }
}
