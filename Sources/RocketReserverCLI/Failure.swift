import Domain
import Ports
import UseCases

/// What the user is told when a command fails, and the exit status that goes with it.
struct Failure: Equatable {
    var code: ExitCode
    /// One or two plain sentences, no stack dump and no credential.
    var message: String

    /// Classifies any error a command can end with.
    init(_ error: any Error, endpoint: String) {
        switch error {
        case let error as UsageError:
            let hint = error.command.map { "Run `rocket-reserver \($0.rawValue) --help` for its usage." }
                ?? "Run `rocket-reserver --help` for usage."
            // A suggestion is the better hint; either way the message stays two sentences.
            self.init(.usage, error.suggestion == nil ? "\(error.message) \(hint)" : error.description)
        case let error as DomainError:
            self.init(.usage, FailureMessage.text(for: error))
        case let error as UseCaseError:
            self.init(Self.code(for: error), FailureMessage.text(for: error))
        case let error as ServiceError:
            self.init(Self.code(for: error.kind), Self.message(for: error, endpoint: endpoint))
        case let error as UserDataCacheError:
            self.init(.cannotWrite, error.description)
        case let error as CredentialStoreError:
            switch error {
            case .unreadable, .insecurePermissions:
                self.init(.notPermitted, "\(error.description) Log in again with `rocket-reserver login <email>`.")
            case .unwritable, .unremovable:
                self.init(.cannotWrite, error.description)
            }
        case let error as CacheInspectorError:
            self.init(.ioError, error.description)
        case let error as GraphQLConsoleError:
            self.init(Self.code(for: error), FailureMessage.text(for: error))
        case let error as UserFile.Failure:
            self.init(error.isUsage ? .usage : .ioError, error.description)
        case is CancellationError:
            self.init(.interrupted, "Interrupted.")
        default:
            self.init(.internalError, "Something unexpected went wrong (\(type(of: error))); please report it.")
        }
    }

    init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    private static func code(for error: UseCaseError) -> ExitCode {
        switch error {
        case .notLoggedIn: .notPermitted
        case .loginRefused, .launchNotFound: .refused
        case .pagingDidNotAdvance, .tooManyPages: .protocolError
        case .logoutIncomplete: .cannotWrite
        }
    }

    private static func code(for error: GraphQLConsoleError) -> ExitCode {
        if case .unusableSchema = error { .protocolError } else { .usage }
    }

    private static func code(for kind: ServiceError.Kind) -> ExitCode {
        switch kind {
        case .unreachable, .untrustedCertificate, .timedOut, .notCached: .unavailable
        case .unreadableResponse: .protocolError
        case .rejected: .refused
        case .unauthenticated: .notPermitted
        case .cancelled: .interrupted
        }
    }

    private static func message(for error: ServiceError, endpoint: String) -> String {
        let detail = sentence(error.detail)
        return switch error.kind {
        case .unreachable: "Could not reach the server at \(endpoint). \(detail)"
        case .untrustedCertificate:
            "Could not reach the server at \(endpoint) securely: \(detail.prefix(1).lowercased() + detail.dropFirst()) To trust a private CA, pass its PEM file with --cacert FILE or ROCKET_RESERVER_CACERT=FILE."
        case .timedOut: "The server at \(endpoint) did not answer in time. \(detail)"
        case .unreadableResponse: "The server's answer to \(error.operation) was not understood. \(detail)"
        case .rejected: "The server refused \(error.operation): \(detail)"
        case .unauthenticated:
            "Your session is no longer valid. Log in again with `rocket-reserver login <email>`."
        case .cancelled: "Interrupted."
        case .notCached: "\(cachedSubject(error.operation)) not in the cache (offline). Run the command once without --offline to keep a copy."
        }
    }

    /// What an offline command asked for, with its verb: "This launch is".
    private static func cachedSubject(_ operation: String) -> String {
        switch operation {
        case "LaunchList": "This page of launches is"
        case "LaunchDetails": "This launch is"
        case "MyTrips": "Your trips are"
        default: "The answer to \(operation) is"
        }
    }

    /// The text as one sentence: capitalised, ending in a full stop.
    private static func sentence(_ text: String) -> String {
        guard let first = text.first else { return "" }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") || capitalised.hasSuffix("?") || capitalised.hasSuffix("!") ? capitalised : capitalised + "."
    }
}
