import Foundation
import JSON

/// Answers captured from the reference server (`Fixtures/*.json`, whole response bodies).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The `data` object of the captured answer `name`.
    static func data(_ name: String) throws -> [String: JSONValue] {
        let bytes = try Data(contentsOf: folder.appendingPathComponent(name + ".json"))
        guard let data = try JSONParser.parse(bytes)["data"]?.objectValue else { throw FixtureError(name: name) }
        return data
    }

    struct FixtureError: Error {
        let name: String
    }
}
