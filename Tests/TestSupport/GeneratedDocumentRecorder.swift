import Foundation

/// Records each set of GraphQL sources a test generated Swift from, with its schema, so the
/// compile round trip (`GeneratedCodeCompilesTests`) can type-check the Swift of every valid
/// document the tests feed the generator, not a copy of them.
///
/// Recording is on only when ``environmentKey`` names a folder: the round trip runs the
/// generator's test suites in a child process with it set, then reads the folder. Each
/// recording is one JSON file named after its contents, so a document generated twice is
/// kept once and parallel tests never write the same file half-way.
public enum GeneratedDocumentRecorder {
    /// The environment variable naming the folder to record into.
    public static let environmentKey = "ROCKET_RESERVER_RECORD_GENERATED_DOCUMENTS"

    /// One source file of a recording.
    public struct Source: Codable, Sendable, Equatable {
        public let name: String
        public let text: String

        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// The schema (as SDL) and the sources one successful generation was given.
    public struct Recording: Codable, Sendable, Equatable {
        public let schema: String
        public let sources: [Source]
    }

    static let folder: URL? = ProcessInfo.processInfo.environment[environmentKey].map { URL(fileURLWithPath: $0, isDirectory: true) }

    /// Whether this process records (so a caller prints the schema only then).
    public static var isRecording: Bool { folder != nil }

    /// Records `sources`, generated against the schema `schema` prints as, when recording.
    public static func record(schema: () -> String, sources: [(name: String, text: String)]) {
        guard let folder else { return }
        let recording = Recording(schema: schema(), sources: sources.map { Source(name: $0.name, text: $0.text) })
        guard let data = try? JSONEncoder().encode(recording) else { return }
        // FNV-1a over the JSON: the same recording gets the same file.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        try? data.write(to: folder.appendingPathComponent(String(hash, radix: 16) + ".json"), options: .atomic)
    }

    /// Every recording in `folder`, in file-name order.
    public static func recordings(in folder: URL) throws -> [Recording] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { try JSONDecoder().decode(Recording.self, from: Data(contentsOf: folder.appendingPathComponent($0))) }
    }
}
