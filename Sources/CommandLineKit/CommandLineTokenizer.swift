/// Splits a command line into words and the options a ``ToolSpec`` declares, with global
/// options allowed anywhere, `--name=value` accepted for every option that takes a value, and
/// `--` ending the options.
public struct CommandLineTokenizer: Sendable {
    public let tool: ToolSpec
    /// The longest argument accepted, in bytes; longer ones are refused before they reach anything else.
    public let maximumArgumentLength: Int

    public init(tool: ToolSpec, maximumArgumentLength: Int) { (self.tool, self.maximumArgumentLength) = (tool, maximumArgumentLength) }

    /// Splits the arguments that follow the program name.
    public func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedCommandLine {
        var line = ParsedCommandLine(words: [], values: [:], repeated: [:])
        var tokens = arguments[...]
        var optionsEnded = false
        while let token = tokens.popFirst() {
            guard token.utf8.count <= maximumArgumentLength else { throw .argumentTooLong(limit: maximumArgumentLength) }
            if optionsEnded || !token.hasPrefix("-") || token == "-" {
                line.words.append(token)
                continue
            }
            if token == "--" { optionsEnded = true; continue }
            let (name, inlineValue) = Self.split(token)
            guard let option = tool.option(named: name) else {
                throw .unknownOption(name, wordsBefore: line.words, tokensAfter: Array(tokens))
            }
            if option.takesValue {
                let value = try Self.value(for: name, inlineValue, from: &tokens)
                line.values[option.name] = .some(value)
                if option.repeatable { line.repeated[option.name, default: []].append(value) }
            } else {
                guard inlineValue == nil else { throw .unexpectedValue(option: name) }
                line.values[option.name] = .some(nil)
            }
        }
        return line
    }

    private static func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func value(for name: String, _ inlineValue: String?, from tokens: inout ArraySlice<String>) throws(CommandLineError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = tokens.popFirst(), !next.hasPrefix("--") else { throw .missingValue(option: name) }
        return next
    }
}
