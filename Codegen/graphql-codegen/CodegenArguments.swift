/// The generator's command line.
struct CodegenArguments {
    var schemaPath = ""
    var configPath: String?
    var outputPath = ""
    /// Where to write the persisted query manifest, if anywhere.
    var manifestPath: String?
    var sourcePaths: [String] = []

    struct UsageError: Error {
        let message: String
    }

    init(_ arguments: ArraySlice<String>) throws(UsageError) {
        var remaining = arguments
        while let argument = remaining.popFirst() {
            switch argument {
            case "--schema", "--config", "--output", "--manifest":
                guard let value = remaining.popFirst() else { throw UsageError(message: "\(argument) needs a value.") }
                switch argument {
                case "--schema": schemaPath = value
                case "--config": configPath = value
                case "--manifest": manifestPath = value
                default: outputPath = value
                }
            default:
                guard !argument.hasPrefix("--") else { throw UsageError(message: "Unknown option \(argument).") }
                sourcePaths.append(argument)
            }
        }
        guard !schemaPath.isEmpty else { throw UsageError(message: "--schema is required.") }
        guard !outputPath.isEmpty || manifestPath != nil else { throw UsageError(message: "--output or --manifest is required.") }
    }
}
