import Foundation

/// graphql-core (the reference implementation's Python port) as a test oracle: a script reads
/// a JSON request from a file and prints one verdict per input, `null` for valid, else the
/// first error message.
///
/// The Python comes from `ROCKET_RESERVER_GRAPHQL_CORE_PYTHON` (Scripts/test points it at its
/// venv, where gql brings graphql-core); tests that need it are skipped without it.
public enum GraphQLCoreOracle {
    /// The Python with graphql-core, or `nil` when none is configured.
    public static let python = ProcessInfo.processInfo.environment["ROCKET_RESERVER_GRAPHQL_CORE_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }

    /// Runs `script` on `request` and returns its verdicts.
    public static func verdicts(script: URL, request: some Encodable) async throws -> [String?] {
        guard let python else { throw Unavailable() }
        let scratch = try TemporaryDirectory(prefix: "oracle")
        defer { scratch.remove() }
        let input = scratch.url.appendingPathComponent("request.json")
        try JSONEncoder().encode(request).write(to: input)
        let result = try await ProcessRunner.run(URL(fileURLWithPath: python), [script.path, input.path], environment: ["PATH": "/usr/bin:/bin"], deadline: 300)
        guard result.status == 0 else { throw Failed(stderr: result.stderr) }
        return try JSONDecoder().decode([String?].self, from: Data(result.stdout.utf8))
    }

    /// No Python with graphql-core is configured.
    public struct Unavailable: Error {}

    /// The oracle script failed.
    public struct Failed: Error, CustomStringConvertible {
        public let stderr: String
        public var description: String { "the graphql-core oracle failed: \(stderr)" }
    }
}
