import Foundation

/// Reads files the tests need from the repository.
enum TestFile {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }
}
