import CommandLineKit
import Testing

/// The one rule for numbers on the command line and in the environment: plain decimal digits,
/// with a point for fractions; everything Swift's or C's parsers also take is refused.
@Suite(.timeLimit(.minutes(1)))
struct DecimalNumberTests {
    @Test(arguments: [("0", 0), ("7", 7), ("010", 10), ("1000", 1_000), ("9223372036854775807", Int.max)])
    func wholeNumbersAreDecimalDigits(_ text: String, _ value: Int) {
        #expect(DecimalNumber.wholeNumber(text) == value)
    }

    /// What `Int(_:)`, `Double(_:)`, `strtol` or `strtod` would read as a number, and more.
    static let notDecimal = [
        "", " ", "0x10", "0X10", "0x1p4", "0b101", "0o17", "1e3", "1E3", "+5", "-5", "+0", "-0", " 5", "5 ", "5\n", "\t5",
        "1_000", "1,000", "inf", "-inf", "infinity", "nan", "NaN", "٣", "３", "5.", ".", "..5", "1.2.3", "5s", "0x", "x10",
        String(repeating: "1", count: 41),
    ]

    @Test(arguments: notDecimal)
    func anythingElseIsNotAWholeNumber(_ text: String) {
        #expect(DecimalNumber.wholeNumber(text) == nil)
    }

    @Test(arguments: notDecimal)
    func norAFraction(_ text: String) {
        #expect(DecimalNumber.fraction(text) == nil)
    }

    @Test(arguments: [("0", 0.0), ("2.5", 2.5), ("0.25", 0.25), (".5", 0.5), ("010", 10.0), ("3600", 3_600.0), ("0.000", 0.0)])
    func fractionsHaveAtMostOnePointAndDigitsAfterIt(_ text: String, _ value: Double) {
        #expect(DecimalNumber.fraction(text) == value)
    }

    @Test func aWholeNumberMustFitAnInt() {
        #expect(DecimalNumber.wholeNumber("9223372036854775808") == nil)
        #expect(DecimalNumber.wholeNumber("99999999999999999999") == nil)
    }

    @Test func aPointIsOnlyForFractions() {
        #expect(DecimalNumber.wholeNumber("2.5") == nil)
        #expect(DecimalNumber.wholeNumber(".5") == nil)
    }
}
