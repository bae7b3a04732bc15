/// What the generator may be told: the Swift types of custom scalars.
public struct CodegenConfiguration: Sendable, Equatable {
    /// Custom scalar name → Swift type; a custom scalar not listed (and `ID`) becomes `Swift.String`.
    /// The Swift type must conform to `GraphQLResponseValue` (and `GraphQLInputValueConvertible`
    /// when used in variables) and to `Equatable`.
    public var scalarTypes: [String: String]

    public init(scalarTypes: [String: String] = [:]) {
        self.scalarTypes = scalarTypes
    }

    /// Reads the configuration file format: one `scalar Name = SwiftType` per line; `#` starts a comment.
    public static func parse(_ text: String, sourceName: String) throws(ConfigurationError) -> CodegenConfiguration {
        var configuration = CodegenConfiguration()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "=" || $0 == "\r" })
            if words.isEmpty { continue }
            guard words.count == 3, words[0] == "scalar" else {
                throw ConfigurationError(description: "\(sourceName):\(index + 1):1: error: Expected \"scalar Name = SwiftType\".")
            }
            configuration.scalarTypes[String(words[1])] = String(words[2])
        }
        return configuration
    }
}

/// A configuration file that cannot be read, as `file:line:column: error: message`.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
