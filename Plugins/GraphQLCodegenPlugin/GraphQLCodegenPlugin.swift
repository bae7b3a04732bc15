import Foundation
import PackagePlugin

/// Generates typed Swift from a target's `.graphql` files, checked against the target's one
/// `.graphqls` schema file (and an optional `graphql-codegen.config`). Inputs and outputs are
/// declared, so a build with no changes runs nothing; a validation error fails the build. The
/// operations' persisted query manifest is written beside the Swift (`persisted-query-manifest.json`
/// in the plugin's work folder).
@main
struct GraphQLCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url).sorted { $0.path < $1.path }
        let operations = files.filter { $0.pathExtension == "graphql" }
        let schemas = files.filter { $0.pathExtension == "graphqls" }
        guard schemas.count == 1, let schema = schemas.first else {
            throw PluginError(description: "Target \(target.name) must contain exactly one .graphqls schema file; it has \(schemas.count).")
        }
        let config = files.first { $0.lastPathComponent == "graphql-codegen.config" }
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let outputs = operations.map { outputDirectory.appending(path: $0.deletingPathExtension().lastPathComponent + ".graphql.swift") }
            + [outputDirectory.appending(path: "SchemaTypes.graphql.swift")]
        // The persisted query manifest of the target's operations, beside the generated Swift (not a
        // declared output: it is no source of the target). `graphql-codegen --manifest` writes one anywhere.
        let manifest = context.pluginWorkDirectoryURL.appending(path: "persisted-query-manifest.json")
        var arguments = ["--schema", schema.path, "--output", outputDirectory.path, "--manifest", manifest.path]
        if let config { arguments += ["--config", config.path] }
        arguments += operations.map(\.path)
        return [
            .buildCommand(
                displayName: "Generating Swift from \(operations.count) GraphQL files in \(target.name)",
                executable: try context.tool(named: "graphql-codegen").url,
                arguments: arguments,
                inputFiles: [schema] + operations + (config.map { [$0] } ?? []),
                outputFiles: outputs
            )
        ]
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
}
