import GraphQLClient
import Testing

/// The one classification of the client's failures that the gateway and the console both map
/// onto the ports' `ServiceError`.
@Suite(.timeLimit(.minutes(5)))
struct ClientErrorClassificationTests {
    typealias Case = (kind: GraphQLClientError.Kind, status: Int?, classification: GraphQLClientError.Classification)

    static let cases: [Case] = [
        (.transport(.connectionRefused), nil, .unreachable),
        (.transport(.hostUnreachable), nil, .unreachable),
        (.transport(.connectionLost), nil, .unreachable),
        (.transport(.system(errno: 71)), nil, .unreachable),
        (.transport(.proxyFailed(proxy: "http://127.0.0.1:9", reason: "refused")), nil, .proxyFailed),
        (.transport(.tlsCertificate(reason: "expired")), nil, .untrustedCertificate),
        (.transport(.tlsHandshake(reason: "wrong version number")), nil, .tlsFailed),
        (.transport(.tlsUnavailable(reason: "libssl.so.3 could not be loaded")), nil, .tlsFailed),
        (.timedOut, nil, .timedOut),
        (.httpStatus(500), 500, .unreadableResponse),
        (.redirected(status: 301, location: nil), 301, .unreadableResponse),
        (.notJSON, 200, .unreadableResponse),
        (.malformedResponse("a bad chunk size"), nil, .unreadableResponse),
        (.responseTooLarge(limit: 1), 200, .unreadableResponse),
        (.unexpectedShape("no data"), 200, .unreadableResponse),
        (.cacheMiss, nil, .notCached),
        (.graphQLErrors([GraphQLError(message: "bad input", code: "BAD_USER_INPUT")]), 400, .rejected),
        (.partialData(data: [:], errors: [GraphQLError(message: "partly")]), 200, .rejected),
        (.cancelled, nil, .cancelled),
        (.httpStatus(401), 401, .unauthenticated),
        (.graphQLErrors([GraphQLError(message: "Forbidden")]), 403, .unauthenticated),
        (.graphQLErrors([GraphQLError(message: "log in", code: "UNAUTHENTICATED")]), 200, .unauthenticated),
    ]

    @Test(arguments: cases)
    func eachKindHasItsClassification(_ example: Case) {
        let error = GraphQLClientError(operationName: "Op", kind: example.kind, statusCode: example.status)
        #expect(error.classification() == example.classification)
        #expect(error.isUnauthenticated() == (example.classification == .unauthenticated))
    }

    @Test func aServersOwnWordingCanMeanARefusedLogin() {
        let error = GraphQLClientError(operationName: "BookTrip", kind: .graphQLErrors([GraphQLError(message: "no user")]))
        #expect(error.classification() == .rejected)
        #expect(error.classification(unauthenticatedWhen: { $0.message == "no user" }) == .unauthenticated)
    }

    /// A socket's errno reaches the user as the system's words, never as a URL error code.
    @Test func aSystemErrorIsSaidInTheSystemsWords() {
        let error = GraphQLClientError(operationName: "LaunchList", kind: .transport(.system(errno: 71)))
        #expect(error.summary == "The connection failed: protocol error.")
        #expect(error.outcomeIsUnknown)
        let unsupported = GraphQLClientError(operationName: "LaunchList", kind: .transport(.unsupportedURL))
        #expect(!unsupported.outcomeIsUnknown)
        #expect(!unsupported.summary.contains("URL error"))
    }
}
