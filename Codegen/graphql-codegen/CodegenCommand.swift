import Foundation
import GraphQLCodegen
import GraphQLLanguage

/// `graphql-codegen --schema FILE [--config FILE] [--output DIR] [--manifest FILE] FILE.graphql...`:
/// validates the operations against the schema and writes the generated Swift (`--output`) and
/// Apollo's persisted query manifest of its operations (`--manifest`), or prints
/// compiler-style errors to stderr and exits 1. Usage errors exit 64.
@main
struct CodegenCommand {
    static func main() {
        do {
            let arguments = try CodegenArguments(CommandLine.arguments.dropFirst())
            exit(run(arguments))
        } catch {
            printError("graphql-codegen: error: \(error.message)")
            printError("usage: graphql-codegen --schema FILE.graphqls [--config FILE] [--output DIR] [--manifest FILE.json] FILE.graphql...")
            exit(64)
        }
    }

    static func run(_ arguments: CodegenArguments) -> Int32 {
        do {
            let schema = try Schema.parse(try read(arguments.schemaPath), sourceName: arguments.schemaPath)
            var configuration = CodegenConfiguration()
            if let configPath = arguments.configPath { configuration = try CodegenConfiguration.parse(try read(configPath), sourceName: configPath) }
            var sources: [(name: String, text: String)] = []
            for path in arguments.sourcePaths { sources.append((name: path, text: try read(path))) }
            switch CodeGenerator.generateWithManifest(sources: sources, schema: schema, configuration: configuration) {
            case .failure(let errors):
                for diagnostic in errors.diagnostics { printError(diagnostic.description) }
                return 1
            case .success(let generated):
                if !arguments.outputPath.isEmpty {
                    try FileManager.default.createDirectory(atPath: arguments.outputPath, withIntermediateDirectories: true)
                    for file in generated.files { try write(file.contents, to: arguments.outputPath + "/" + file.name) }
                }
                if let manifestPath = arguments.manifestPath { try write(generated.manifest.json, to: manifestPath) }
                return 0
            }
        } catch let error as GraphQLDiagnostic {
            printError(error.description)
        } catch let error as ConfigurationError {
            printError(error.description)
        } catch let error as CodegenIOError {
            printError(error.message)
        } catch {
            printError("graphql-codegen: error: \(error.localizedDescription)")
        }
        return 1
    }

    static func read(_ path: String) throws(CodegenIOError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw CodegenIOError(message: "\(path): error: Cannot read the file.") }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes only when the contents changed, so an unchanged file keeps its timestamp.
    static func write(_ contents: String, to path: String) throws(CodegenIOError) {
        let data = Data(contents.utf8)
        if FileManager.default.contents(atPath: path) == data { return }
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CodegenIOError(message: "\(path): error: Cannot write the generated file.")
        }
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// A file the generator cannot read or write.
struct CodegenIOError: Error {
    let message: String
}
