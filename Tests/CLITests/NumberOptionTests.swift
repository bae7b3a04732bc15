@testable import CLIArguments
import Testing

/// Every number the tool reads from its command line or its environment follows the decimal
/// rule (`DecimalNumber`): anything else is a usage error (64) naming the option or variable,
/// before any request (issue 34: `--timeout 0x10` was 16 seconds).
@Suite(.timeLimit(.minutes(2)))
struct NumberOptionTests {
    /// Values that are not decimal numbers, though a number parser of Swift or C reads some.
    static let notDecimal = ["0x10", "0x1p4", "1e3", "+5", "-5", " 5", "5 ", "1_0", "inf", "nan", "٣", "5.", "", "ten"]

    /// An option that takes a number, with a command to put it on and a decimal value it takes.
    struct NumberOption: Sendable, CustomTestStringConvertible {
        var name: String
        var command: [String]
        var valid: String
        var testDescription: String { name }
    }

    static let options = [
        NumberOption(name: "--timeout", command: ["launches"], valid: "2.5"),
        NumberOption(name: "--max-age", command: ["launches"], valid: "60"),
        NumberOption(name: "--page-size", command: ["launches"], valid: "5"),
        NumberOption(name: "--max-pages", command: ["launches", "--all"], valid: "3"),
    ]

    @Test(arguments: options)
    func anOptionTakesDecimalNumbersOnly(_ option: NumberOption) async throws {
        let good = try CLIHarness()
        #expect(await good.run(option.command + [option.name, option.valid]) == .success, "\(good.stderr.text)")
        for text in Self.notDecimal {
            let cli = try CLIHarness()
            #expect(await cli.run(option.command + ["\(option.name)=\(text)"]) == .usage, "\(option.name)=\(text)")
            #expect(cli.stderr.text.contains("\(option.name) must be a "), "\(option.name)=\(text): \(cli.stderr.text)")
            #expect(cli.stderr.text.contains("in decimal digits"), "\(cli.stderr.text)")
            #expect(await cli.requests.isEmpty)
        }
    }

    @Test func theSentenceNamesTheOptionTheRangeAndTheValue() throws {
        let parser = CommandLineParser()
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try parser.parse(arguments)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(["--timeout", "0x10", "trips"])
            == "--timeout must be a number of seconds more than 0 and at most 3600, in decimal digits (such as 2.5), not \"0x10\".")
        #expect(message(["launches", "--page-size", "+5"])
            == "--page-size must be a whole number from 1 to 1000, in decimal digits, not \"+5\".")
        #expect(message(["launches", "--all", "--max-pages", "1e3"])
            == "--max-pages must be a whole number from 1 to 1000000, in decimal digits, not \"1e3\".")
        #expect(message(["--max-age", "0x10", "trips"])
            == "--max-age must be a whole number of seconds from 0 to 315360000 (ten years), in decimal digits, not \"0x10\".")
        // Still refused for their range, with the same sentence.
        #expect(message(["launches", "--page-size", "0"]) == "--page-size must be a whole number from 1 to 1000, in decimal digits, not \"0\".")
        #expect(message(["--timeout", "3601", "trips"])?.hasPrefix("--timeout must be a number of seconds more than 0 and at most 3600") == true)
        #expect(message(["--timeout", "0", "trips"])?.hasPrefix("--timeout must be") == true)
    }

    @Test func decimalValuesAreRead() throws {
        let parser = CommandLineParser()
        #expect(try parser.parse(["--timeout", "0.5", "trips"]).options.timeout == 0.5)
        #expect(try parser.parse(["--timeout", "010", "trips"]).options.timeout == 10)
        #expect(try parser.parse(["--max-age", "007", "trips"]).options.maxAge == 7)
        #expect(try parser.parse(["launches", "--page-size", "25"]).command == .launches(pageSize: 25, after: nil, all: false))
    }

    /// A variable that holds a number, with a decimal value it takes.
    static let variables = [
        ("ROCKET_RESERVER_TIMEOUT", "2.5"),
        ("ROCKET_RESERVER_MAX_AGE", "60"),
        ("ROCKET_RESERVER_MAX_RESPONSE_BYTES", "1048576"),
        ("ROCKET_RESERVER_CACHE_MAX_BYTES", "1048576"),
    ]

    @Test(arguments: variables)
    func aVariableTakesDecimalNumbersOnly(_ variable: String, _ valid: String) async throws {
        let good = try CLIHarness(variables: [variable: valid])
        #expect(await good.run("launches") == .success, "\(good.stderr.text)")
        // An empty value means "not set", as for every variable.
        for text in Self.notDecimal where !text.isEmpty {
            let cli = try CLIHarness(variables: [variable: text])
            #expect(await cli.run("launches") == .usage, "\(variable)=\(text)")
            #expect(cli.stderr.text.hasPrefix("rocket-reserver: \(variable) must be a "), "\(variable)=\(text): \(cli.stderr.text)")
            #expect(cli.stderr.text.contains("in decimal digits"), "\(cli.stderr.text)")
            #expect(cli.builtConfigurations.isEmpty)
            #expect(await cli.requests.isEmpty)
        }
    }

    @Test func theTimeoutVariableIsReadAsDecimal() async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_TIMEOUT": "0x10"])
        #expect(await cli.run("launches") == .usage)
        #expect(cli.stderr.text.hasPrefix(
            "rocket-reserver: ROCKET_RESERVER_TIMEOUT must be a number of seconds more than 0 and at most 3600, in decimal digits (such as 2.5), not \"0x10\"."
        ))
        let decimal = try CLIHarness(variables: ["ROCKET_RESERVER_TIMEOUT": "16"])
        #expect(await decimal.run("launches") == .success)
        #expect(decimal.builtConfigurations.first?.timeout == 16)
    }

    @Test(arguments: ["0x50", "+80", " 80", "8e1", "80.0"])
    func aColumnsThatIsNotDecimalIsIgnored(_ columns: String) async throws {
        // COLUMNS is the shell's, not this tool's: ignored rather than refused.
        let cli = try CLIHarness(variables: ["COLUMNS": columns], terminal: (true, 100))
        #expect(await cli.run("launches") == .success)
        #expect(cli.builtConfigurations.first?.terminalWidth == 100)
        let decimal = try CLIHarness(variables: ["COLUMNS": "80"], terminal: (true, 100))
        #expect(await decimal.run("launches") == .success)
        #expect(decimal.builtConfigurations.first?.terminalWidth == 80)
    }
}
