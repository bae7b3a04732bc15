/// The generator's command line.
struct CodegenArguments {
    var schemaPath = ""
    var configPath: String?
    var outputPath = ""
    var sourcePaths: [String] = []

    struct UsageError: Error {
        let message: String
    }

    init(_ arguments: ArraySlice<String>) throws(UsageError) {
        var remaining = arguments
        while let argument = remaining.popFirst() {
            switch argument {
            case "--schema", "--config", "--output":
                guard let value = remaining.popFirst() else { throw UsageError(message: "\(argument) needs a value.") }
                switch argument {
                case "--schema": schemaPath = value
                case "--config": configPath = value
                default: outputPath = value
                }
            default:
                guard !argument.hasPrefix("--") else { throw UsageError(message: "Unknown option \(argument).") }
                sourcePaths.append(argument)
            }
        }
        guard !schemaPath.isEmpty else { throw UsageError(message: "--schema is required.") }
        guard !outputPath.isEmpty else { throw UsageError(message: "--output is required.") }
    }
}
