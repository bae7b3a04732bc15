import Foundation
import TestSupport

/// A client home with `.graphql` files in it, and a way to run the built `rocket-reserver`
/// against an endpoint (the reference server or a ``FaultServer``).
final class DocumentCommandSession {
    let home: TemporaryDirectory
    let endpoint: String

    init(endpoint: String) throws {
        home = try TemporaryDirectory(prefix: "console")
        self.endpoint = endpoint
    }

    deinit { home.remove() }

    /// The repository's schema (the reference server's), for `--schema`.
    static let repositorySchema = BuiltProducts.packageRoot.appendingPathComponent("Adapters/RocketReserverAPI/schema.graphqls").path

    /// Writes a document into the home folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = home.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: String..., timeout: String = "30") async throws -> ProcessResult {
        try await ProcessRunner.run(
            BuiltProducts.client, arguments,
            environment: ClientEnvironment.make(home: home, endpoint: endpoint, extra: ["ROCKET_RESERVER_TIMEOUT": timeout]),
            deadline: 60
        )
    }

    /// The JSON object printed on standard output.
    static func json(_ result: ProcessResult) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
    }
}
