import Foundation
import GraphQLLanguage
import Testing
import TestSupport

/// The compile round trip for every valid document the generator's tests generate inline:
/// the rule suites (documents, fields, variables, OneOf, single-field subscriptions) and the
/// generator's class suites (conditions, type conditions, anonymous operations, names, object
/// variables). They run in a child process of this test bundle with
/// ``GeneratedDocumentRecorder`` on, each successful generation recorded with its schema; the
/// recordings are grouped by schema into one module each and type-checked like the corpora of
/// ``GeneratedCodeCompilesTests`` (which already holds the spec's examples, the class and
/// oracle documents, so their suites are not run again here). Part of that suite, so it runs
/// where it does: after the parallel run, with the hostile-input suites.
extension GeneratedCodeCompilesTests {
    /// The test suites whose generated documents are compiled.
    static let recordedTests = #"^(GraphQLValidationTests|GraphQLCodegenTests)\."#
    /// Suites left out: compiled as corpora already (spec examples, classes, the oracle), not
    /// generating (field-merge agreement, mutations), or the hostile ones (their inputs are the
    /// generator's bounds, megabytes of Swift) and this round trip itself.
    static let skippedTests =
        "Hostile|GeneratedCodeCompiles|Oracle|ValidDocumentsGenerate|SpecRuleTests|GoldenFile|GeneratorProcess|MutatedDocument|FieldMergeAgreement"

    /// The fewest recordings and schemas, so that a run that recorded little fails.
    static let leastRecordings = 60
    static let leastSchemas = 5

    @Test func theGeneratedSwiftOfEveryDocumentTheTestsGenerateTypeChecks() async throws {
        let checker = try SwiftTypeChecker()
        let folder = try TemporaryDirectory(prefix: "recorded-documents")
        defer { folder.remove() }
        let recordings = try await Self.recordGeneratedDocuments(into: folder.url)
        let groups = Dictionary(grouping: recordings, by: \.schema).sorted { $0.key < $1.key }
        #expect(recordings.count >= Self.leastRecordings, "only \(recordings.count) documents recorded")
        #expect(groups.count >= Self.leastSchemas, "only \(groups.count) schemas recorded")

        var batches: [GeneratedBatch] = []
        for (index, group) in groups.enumerated() {
            let schema: Schema
            do {
                schema = try Schema.parse(group.key, sourceName: "recorded\(index).graphqls")
            } catch {
                Issue.record("A schema of the tests does not read back once printed: \(error)\n\(group.key)")
                continue
            }
            let sourceSets = group.value.map { recording in
                (label: "a document the tests generate over schema \(index)", texts: recording.sources.map(\.text))
            }
            batches.append(GeneratedBatch(name: "Recorded\(index)", schema: schema, sourceSets: sourceSets))
        }
        let refusals = batches.flatMap(\.refusals)
        #expect(refusals.isEmpty, "\(refusals.count) documents were not generated:\n\n\(refusals.prefix(10).joined(separator: "\n\n"))")

        // Two compilers at a time (the machine's cores); most modules are small.
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            var pending = batches.makeIterator()
            var failures: [String] = []
            func start(_ batch: GeneratedBatch) {
                group.addTask {
                    let batchFolder = folder.url.appendingPathComponent(batch.name, isDirectory: true)
                    try FileManager.default.createDirectory(at: batchFolder, withIntermediateDirectories: true)
                    let outcome = try await checker.typecheck(try batch.write(into: batchFolder), moduleName: batch.name)
                    let found = batch.failures(outcome.diagnostics.filter { $0.severity == "error" })
                    guard found.isEmpty, outcome.status != 0 else { return found }
                    return ["\(batch.name): swiftc -typecheck exited with \(outcome.status):\n\(outcome.output.prefix(4_000))"]
                }
            }
            for _ in 0..<2 { if let batch = pending.next() { start(batch) } }
            while let found = try await group.next() {
                failures += found
                if let batch = pending.next() { start(batch) }
            }
            return failures
        }
        let files = batches.reduce(0) { $0 + $1.entries.count }
        #expect(files >= recordings.count, "only \(files) files generated from \(recordings.count) recorded documents")
        #expect(failures.isEmpty, "\(failures.count) of \(files) generated files do not compile:\n\n\(failures.prefix(10).joined(separator: "\n\n"))")
    }

    /// Runs the generating suites in a child process of this test bundle, recording into `folder`.
    static func recordGeneratedDocuments(into folder: URL) async throws -> [GeneratedDocumentRecorder.Recording] {
        #if os(Linux)
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        #endif
        var environment = ProcessInfo.processInfo.environment
        environment[GeneratedDocumentRecorder.environmentKey] = folder.path
        let result = try await ProcessRunner.run(
            bundle, ["--testing-library", "swift-testing", "--filter", recordedTests, "--skip", skippedTests], environment: environment, deadline: 600
        )
        #expect(result.status == 0, "the recording run exited with \(result.status):\n\((result.stdout + result.stderr).suffix(4_000))")
        return try GeneratedDocumentRecorder.recordings(in: folder)
    }
}
