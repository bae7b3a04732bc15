import GraphQLClient
import Ports

extension ServiceError {
    /// The port's error for a client failure in `operation`: its kind from the client's
    /// ``GraphQLClient/GraphQLClientError/Classification``, its detail one sentence — the stored
    /// login refused, the server's first error message as `rejection` words it, or the client's
    /// summary. `unauthenticatedWhen` recognises a server's own wording for a refused login.
    package init(
        _ error: GraphQLClientError,
        operation: String,
        unauthenticatedWhen recognises: (GraphQLError) -> Bool = { _ in false },
        rejection: (String) -> String
    ) {
        let classification = error.classification(unauthenticatedWhen: recognises)
        let detail = switch classification {
        case .unauthenticated: "The server did not accept the stored login."
        // A refusal of the client's own making (a persisted document the server does not know) has its own sentence.
        case .rejected: error.graphQLErrors.first.map { rejection($0.message) } ?? error.summary
        default: error.summary
        }
        self.init(Kind(classification), operation: operation, detail: detail)
    }
}

extension ServiceError.Kind {
    /// The port's kind for the client's classification of a failure.
    package init(_ classification: GraphQLClientError.Classification) {
        self = switch classification {
        case .unauthenticated: .unauthenticated
        case .untrustedCertificate: .untrustedCertificate
        case .tlsFailed: .tlsFailed
        case .proxyFailed: .proxyFailed
        case .unreachable: .unreachable
        case .timedOut: .timedOut
        case .unreadableResponse: .unreadableResponse
        case .notCached: .notCached
        case .rejected: .rejected
        case .cancelled: .cancelled
        }
    }
}
