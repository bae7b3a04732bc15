import Digests
import JSON

/// Apollo's persisted query manifest (`apollo-persisted-query-manifest`, version 1) for the
/// operations generated: each with its `id` (the SHA-256 of `body`), `name`, `type` and `body`,
/// the document exactly as the client sends it. A server given it as a safelist runs these
/// operations and nothing else; a client in persisted-documents mode sends only the ids.
public struct PersistedQueryManifest: Sendable, Equatable {
    /// One operation of the manifest.
    public struct Operation: Sendable, Equatable {
        public let id: String
        public let name: String
        /// `query`, `mutation` or `subscription`.
        public let type: String
        public let body: String

        public init(name: String, type: String, body: String) {
            self.id = SHA256.hex(body)
            self.name = name
            self.type = type
            self.body = body
        }
    }

    /// The operations, sorted by name (then id), each document once.
    public let operations: [Operation]

    public init(operations: [Operation]) {
        var seen: Set<String> = []
        self.operations = operations.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.filter { seen.insert($0.id).inserted }
    }

    /// The manifest as JSON text: one operation a line, so a change reads well in a diff.
    public var json: String {
        func string(_ text: String) -> String {
            var bytes: [UInt8] = []
            JSONWriter.writeString(text, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        let lines = operations.map { operation in
            "    {\"id\": \(string(operation.id)), \"name\": \(string(operation.name)), \"type\": \(string(operation.type)), \"body\": \(string(operation.body))}"
        }
        return "{\n  \"format\": \"apollo-persisted-query-manifest\",\n  \"version\": 1,\n  \"operations\": [\n"
            + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }
}
