import Foundation
import GraphQLClientFixtures

extension ClientFixtures {
    /// A new, empty folder of its own under the system's temporary folder.
    static func temporaryFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gql-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
