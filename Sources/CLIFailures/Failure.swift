import CLIArguments
import CommandLineFiles
import Domain
import Ports
import UseCases

/// What the user is told when a command fails, and the exit status that goes with it.
package struct Failure: Equatable {
    package var code: ExitCode
    /// One or two plain sentences, no stack dump and no credential.
    package var message: String

    /// Classifies any error a command can end with; `command` is the one that was running, when
    /// the line was understood.
    package init(_ error: any Error, endpoint: String, command: Command? = nil) {
        switch error {
        case let error as UsageError:
            let hint = error.command.map { "Run `\(CommandCatalog.toolName) \($0.rawValue) \(CommandOptions.help.name)` for its usage." }
                ?? "Run `\(CommandCatalog.toolName) \(CommandOptions.help.name)` for usage."
            // A suggestion is the better hint; either way the message stays two sentences.
            self.init(.usage, error.suggestion == nil ? "\(error.message) \(hint)" : error.description)
        case let error as DomainError:
            self.init(.usage, FailureMessage.text(for: error))
        case let UseCaseError.outcomeUnknown(change, id, cause):
            self.init(Self.code(for: cause.kind), FailureMessage.outcomeUnknown(change, launch: id, cause: cause, endpoint: endpoint))
        case let error as UseCaseError:
            self.init(Self.code(for: error), FailureMessage.text(for: error))
        case let error as ServiceError:
            self.init(Self.code(for: error.kind), FailureMessage.text(for: error, endpoint: endpoint, command: command))
        case let error as UserDataCacheError:
            self.init(.cannotWrite, FailureMessage.text(for: error))
        case let error as CredentialStoreError:
            self.init(Self.code(for: error), FailureMessage.text(for: error))
        case let error as CacheInspectorError:
            self.init(.ioError, FailureMessage.text(for: error))
        case let error as GraphQLDocumentError:
            self.init(Self.code(for: error), FailureMessage.text(for: error))
        case let error as LiveUpdatesUnavailable:
            self.init(.unavailable, error.message)
        case let error as UserFile.Failure:
            self.init(error.isUsage ? .usage : .ioError, error.description)
        case is CancellationError:
            // Only a signal cancels a command, and the shell shows it: nothing more to say.
            self.init(.interrupted, "")
        default:
            self.init(.internalError, "Something unexpected went wrong (\(type(of: error))); please report it.")
        }
    }

    package init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    private static func code(for error: UseCaseError) -> ExitCode {
        switch error {
        case .notLoggedIn: .notPermitted
        case .loginRefused, .launchNotFound: .refused
        case .pagingDidNotAdvance, .tooManyPages, .malformedToken: .protocolError
        case .logoutIncomplete: .cannotWrite
        case .sessionExpired: .notPermitted
        case .interruptedWithOutcomeUnknown: .interrupted
        case .outcomeUnknown(_, _, let cause): code(for: cause.kind)
        }
    }

    private static func code(for error: CredentialStoreError) -> ExitCode {
        switch error {
        case .unreadable, .insecurePermissions: .notPermitted
        case .unwritable, .unremovable: .cannotWrite
        }
    }

    private static func code(for error: GraphQLDocumentError) -> ExitCode {
        if case .unusableSchema = error { .protocolError } else { .usage }
    }

    private static func code(for kind: ServiceError.Kind) -> ExitCode {
        switch kind {
        case .unreachable, .untrustedCertificate, .tlsFailed, .proxyFailed, .timedOut, .notCached: .unavailable
        case .unreadableResponse: .protocolError
        case .rejected: .refused
        case .unauthenticated: .notPermitted
        case .cancelled: .interrupted
        }
    }
}
