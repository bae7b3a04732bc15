import Foundation
import Testing
import TestSupport

/// The `graphql-codegen` executable the build-tool plugin runs.
@Suite(.timeLimit(.minutes(5)))
struct GeneratorProcessTests {
    static var generator: URL { BuiltProducts.client.deletingLastPathComponent().appendingPathComponent("graphql-codegen") }

    @Test func writesFilesAndLeavesUnchangedOnesAlone() async throws {
        let folder = try TemporaryDirectory(prefix: "codegen")
        defer { folder.remove() }
        let schema = folder.url.appendingPathComponent("schema.graphqls")
        try "type Query { hello(name: String): String }".write(to: schema, atomically: true, encoding: .utf8)
        let operation = folder.url.appendingPathComponent("Hello.graphql")
        try "query Hello($name: String) { hello(name: $name) }".write(to: operation, atomically: true, encoding: .utf8)
        let output = folder.url.appendingPathComponent("out")
        let arguments = ["--schema", schema.path, "--output", output.path, operation.path]
        let first = try await ProcessRunner.run(Self.generator, arguments, environment: [:])
        #expect(first.status == 0)
        #expect(first.stderr == "")
        let generated = output.appendingPathComponent("Hello.graphql.swift")
        #expect(try String(contentsOf: generated, encoding: .utf8).contains("public struct HelloQuery: GeneratedOperation"))
        let stamp = try FileManager.default.attributesOfItem(atPath: generated.path)[.modificationDate] as? Date
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: generated.path)
        let second = try await ProcessRunner.run(Self.generator, arguments, environment: [:])
        #expect(second.status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: generated.path)[.modificationDate] as? Date
        #expect(stamp != nil)
        #expect(after == Date(timeIntervalSince1970: 1_000_000))
    }

    @Test func failsWithCompilerStyleErrorsOnStderr() async throws {
        let folder = try TemporaryDirectory(prefix: "codegen")
        defer { folder.remove() }
        let schema = folder.url.appendingPathComponent("schema.graphqls")
        try "type Query { mission: Mission }\ntype Mission { name: String }".write(to: schema, atomically: true, encoding: .utf8)
        let operation = folder.url.appendingPathComponent("Mission.graphql")
        try "query M {\n  mission {\n    nmae\n  }\n}".write(to: operation, atomically: true, encoding: .utf8)
        let output = folder.url.appendingPathComponent("out")
        let result = try await ProcessRunner.run(Self.generator, ["--schema", schema.path, "--output", output.path, operation.path], environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr == "\(operation.path):3:5: error: Cannot query field \"nmae\" on type \"Mission\".\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func usageErrorsExit64() async throws {
        let result = try await ProcessRunner.run(Self.generator, ["--output"], environment: [:])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("graphql-codegen: error: --output needs a value."))
    }
}
