import GraphQLClient
import RocketReserverCLI
import Synchronization

/// The run's transport, made as soon as the CLI says the command will ask the server, so that
/// for an https endpoint setting up TLS (loading OpenSSL, reading `openssl.cnf`, the trust
/// store and the `--cacert` file: about 5 ms, the same work as before) runs on a thread of its
/// own while the adapters are built and the login and cache are read, instead of delaying the
/// request. Nothing is made early for commands a cache may answer.
final class EarlyTransport: Sendable {
    private let variables: [String: String]
    private let made = Mutex<SocketHTTPSession?>(nil)

    /// `variables`: the process environment, for the proxy variables.
    init(variables: [String: String]) {
        self.variables = variables
    }

    /// Makes the session for `configuration` and, for an https endpoint, starts its TLS set-up.
    func prepare(for configuration: Configuration) {
        let session = AdapterAssembly.session(for: configuration, environment: variables)
        made.withLock { $0 = session }
        if configuration.endpoint.scheme?.lowercased() == "https" { session.prepareTLS() }
    }

    /// The session ``prepare(for:)`` made, else a new one.
    func session(for configuration: Configuration) -> any HTTPSession {
        made.withLock { $0 } ?? AdapterAssembly.session(for: configuration, environment: variables)
    }
}
