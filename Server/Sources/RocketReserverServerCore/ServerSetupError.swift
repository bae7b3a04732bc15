/// Errors that stop the server from starting.
public enum ServerSetupError: Error, CustomStringConvertible, Equatable {
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The launch data file is not a valid dataset.
    case invalidDataset(origin: String, reason: String)
    /// The state file is not valid JSON of the expected shape.
    case invalidStateFile(path: String, reason: String)
    /// A resource is missing from the package bundle.
    case missingResource(name: String)
    /// The schema text or the resolver table is inconsistent.
    case invalidSchema(reason: String)
    /// The host is not a loopback address.
    case nonLoopbackHost(host: String)
    /// The port is outside 0...65535.
    case invalidPort(Int)
    /// The server stopped before it was listening.
    case serverStoppedBeforeListening(reason: String)
    /// The persisted query manifest cannot be used.
    case invalidManifest(reason: String)

    /// A one-line explanation for the command line.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .invalidDataset(let origin, let reason):
            return "invalid launch data in \(origin): \(reason)"
        case .invalidStateFile(let path, let reason):
            return "invalid state file \(path): \(reason)"
        case .missingResource(let name):
            return "resource \(name) is missing from the package bundle"
        case .invalidSchema(let reason):
            return "invalid schema: \(reason)"
        case .nonLoopbackHost(let host):
            return "refusing to listen on \(host): only loopback hosts (127.0.0.1, ::1, localhost) are allowed"
        case .invalidPort(let port):
            return "invalid port \(port): use 0...65535 (0 picks a free port)"
        case .serverStoppedBeforeListening(let reason):
            return "server stopped before listening: \(reason)"
        case .invalidManifest(let reason):
            return "invalid persisted query manifest: \(reason)"
        }
    }
}
