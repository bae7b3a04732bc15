import Foundation

/// Paths into the repository for the generator tests.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let operationsFolder = "Adapters/RocketReserverAPI"
    static let goldenFolder = root.appendingPathComponent("Tests/GraphQLCodegenTests/Golden")

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The tutorial's `.graphql` files, named by their path relative to the repository.
    static func tutorialSources() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(operationsFolder).path)
            .filter { $0.hasSuffix(".graphql") }.sorted()
        return try names.map { (name: "\(operationsFolder)/\($0)", text: try read("\(operationsFolder)/\($0)")) }
    }
}
