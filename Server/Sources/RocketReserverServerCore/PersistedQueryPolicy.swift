import Foundation

/// How the server answers persisted queries (`extensions.persistedQuery`).
public enum PersistedQueryPolicy: Sendable {
    /// Automatic persisted queries as Apollo Server 3 does them (the default): a hash it holds
    /// runs its document, one it does not answers `PersistedQueryNotFound`, and a request with
    /// the document and its hash registers it (in memory).
    case automatic
    /// No support: a request with the extension answers `PersistedQueryNotSupported`.
    case unsupported
    /// A safelist: only the manifest's documents run, named by their `id` or sent in full;
    /// nothing is registered.
    case safelist(PersistedQueryManifest)
}

/// An Apollo persisted query manifest (`apollo-persisted-query-manifest`, version 1): the
/// documents a client may send, each by `id` (the SHA-256 of its `body`).
public struct PersistedQueryManifest: Sendable {
    /// Document text by id.
    public let bodies: [String: String]

    /// Reads a manifest; the error says what is wrong with it.
    public init(json: Data) throws(ServerSetupError) {
        struct File: Decodable {
            struct Operation: Decodable {
                var id: String
                var body: String
            }
            var format: String
            var version: Int
            var operations: [Operation]
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: json)
        } catch {
            throw .invalidManifest(reason: "it is not a persisted query manifest (format, version and operations with id and body)")
        }
        guard file.format == "apollo-persisted-query-manifest", file.version == 1 else {
            throw .invalidManifest(reason: "its format is \"\(file.format)\" version \(file.version), not apollo-persisted-query-manifest version 1")
        }
        var bodies: [String: String] = [:]
        for operation in file.operations {
            guard SHA256.hex(operation.body) == operation.id.lowercased() else {
                throw .invalidManifest(reason: "the id \(operation.id) is not the SHA-256 of its body")
            }
            bodies[operation.id.lowercased()] = operation.body
        }
        self.bodies = bodies
    }

    /// Reads the manifest file at `url`.
    public init(contentsOf url: URL) throws(ServerSetupError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidManifest(reason: "\(url.lastPathComponent) cannot be read")
        }
        try self.init(json: data)
    }
}
