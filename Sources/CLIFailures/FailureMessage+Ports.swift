import CLIArguments
import Ports
import Presentation

extension FailureMessage {
    /// What the user reads when talking to the server failed; `endpoint` is the URL as shown,
    /// `command` the one that was running.
    package static func text(for error: ServiceError, endpoint: String, command: Command? = nil) -> String {
        let detail = sentence(error.detail)
        return switch error.kind {
        case .unreachable, .tlsFailed, .proxyFailed: "Could not reach the server at \(endpoint). \(detail)"
        case .untrustedCertificate:
            "Could not reach the server at \(endpoint) securely: \(detail.prefix(1).lowercased() + detail.dropFirst()) To trust a private CA, pass its PEM file with \(CommandOptions.caCertificates.synopsis) or ROCKET_RESERVER_CACERT=FILE."
        // The detail would only say the same again ("The server did not answer in time.").
        case .timedOut: "The server at \(endpoint) did not answer in time."
        case .unreadableResponse: "The server's answer to \(error.operation) was not understood. \(detail)"
        case .rejected: "The server refused \(error.operation): \(detail)"
        case .unauthenticated: sessionExpired
        case .cancelled: ""  // a signal; see Failure
        case .notCached: "\(cachedSubject(command, operation: error.operation)) not in the cache (offline). Run the command once without \(CommandOptions.offline.name) to keep a copy."
        }
    }

    /// What the user reads when the stored login cannot be read, written or removed.
    package static func text(for error: CredentialStoreError) -> String {
        switch error {
        case .unreadable(let detail): "The stored login could not be read (\(detail)). \(logInAgain)"
        case .insecurePermissions(let detail): "The stored login is not private (\(detail)). \(logInAgain)"
        case .unwritable(let detail): "The login could not be saved (\(detail))."
        case .unremovable(let detail): "The stored login could not be removed (\(detail))."
        }
    }

    /// What the user reads when `cache info` or `cache clear` fails.
    package static func text(for error: CacheInspectorError) -> String {
        switch error {
        case .unreadable(let detail): "The cache could not be read (\(detail))."
        case .unremovable(let detail): "The cache could not be removed (\(detail))."
        }
    }

    /// What the user reads when cached user data outlives a login change.
    package static func text(for error: UserDataCacheError) -> String {
        "Cached data could not be removed: \(error.detail)."
    }

    /// What an offline command asked for, with its verb: "This launch is"; named by the
    /// command, else by the server's operation.
    private static func cachedSubject(_ command: Command?, operation: String) -> String {
        switch command {
        case .launches: "This page of launches is"
        case .details: "This launch is"
        case .trips, .watchTrips: "Your trips are"
        default: "The answer to \(operation) is"
        }
    }

    /// The text as one sentence: on one line and cut (``ServerText/line(_:)``: a detail may quote
    /// the server as it wrote), capitalised, ending in a full stop. Not sanitised: the edge that
    /// prints the whole message does that.
    private static func sentence(_ detail: String) -> String {
        let text = ServerText.line(detail)
        guard let first = text.first else { return "" }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") || capitalised.hasSuffix("?") || capitalised.hasSuffix("!") ? capitalised : capitalised + "."
    }
}
