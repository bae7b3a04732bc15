import CommandLineKit
import Testing

/// The tokenizer splits words from options and answers for each option by its declaration.
@Suite("CommandLineTokenizer", .timeLimit(.minutes(5)))
struct CommandLineTokenizerTests {
    private let tokenizer = CommandLineTokenizer(tool: DemoTool.spec, maximumArgumentLength: 32)

    @Test func optionsAreLookedUpByTheirDeclarations() throws {
        let line = try tokenizer.parse(["-v", "scan", "--depth=3", "root", "--tag", "a", "--tag", "b", "--", "--not-an-option"])
        #expect(line.words == ["scan", "root", "--not-an-option"])
        #expect(line.contains(DemoTool.verbose))
        #expect(line.value(of: DemoTool.depth) == "3")
        #expect(line.values(of: DemoTool.tag) == ["a", "b"])
        #expect(line.value(of: DemoTool.tag) == "b")
        #expect(!line.contains(DemoTool.input))
        #expect(line.value(of: DemoTool.input) == nil)
        #expect(line.givenOptionNames(excluding: DemoTool.spec.globalOptions) == ["--depth", "--tag"])
    }

    @Test func aRenamedSummaryIsStillTheSameOption() throws {
        let line = try tokenizer.parse(["scan", "--depth", "1"])
        #expect(line.value(of: DemoTool.depth.summarized("Another summary")) == "1")
    }

    @Test func malformedLinesAreTypedErrors() {
        #expect(throws: CommandLineError.unknownOption("--deep", wordsBefore: ["scan"], tokensAfter: ["x"])) { try tokenizer.parse(["scan", "--deep", "x"]) }
        #expect(throws: CommandLineError.missingValue(option: "--depth")) { try tokenizer.parse(["scan", "--depth"]) }
        #expect(throws: CommandLineError.missingValue(option: "--depth")) { try tokenizer.parse(["scan", "--depth", "--verbose"]) }
        #expect(throws: CommandLineError.unexpectedValue(option: "--verbose")) { try tokenizer.parse(["--verbose=yes"]) }
        #expect(throws: CommandLineError.argumentTooLong(limit: 32)) { try tokenizer.parse([String(repeating: "x", count: 33)]) }
    }
}
