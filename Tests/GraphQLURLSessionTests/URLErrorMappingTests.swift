import Foundation
import Transport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLURLSession
import Testing

/// `URLError` codes become the seam's transport failure kinds, as the client classified them before.
@Suite(.timeLimit(.minutes(5)))
struct URLErrorMappingTests {
    @Test(arguments: [
        (URLError.Code.cannotConnectToHost, HTTPTransportError.Kind.connectionRefused),
        (.cannotFindHost, .hostUnreachable),
        (.dnsLookupFailed, .hostUnreachable),
        (.notConnectedToInternet, .hostUnreachable),
        (.networkConnectionLost, .connectionLost),
        (.badServerResponse, .connectionLost),
        (.zeroByteResource, .connectionLost),
        (.timedOut, .timedOut),
        (.cancelled, .cancelled),
        (.unsupportedURL, .unsupportedURL),
        (.badURL, .unsupportedURL),
        (.secureConnectionFailed, .other(code: URLError.Code.secureConnectionFailed.rawValue)),
    ])
    func mapsTheCode(_ code: URLError.Code, _ kind: HTTPTransportError.Kind) {
        #expect(HTTPTransportError.Kind(code) == kind)
    }

    @Test func requestCarriesMethodHeadersBodyAndALaterTimeout() throws {
        let request = HTTPRequest(
            url: try #require(URL(string: "https://rocket-reserver-test.invalid/graphql")),
            headers: ["Authorization": "t"], body: Data("{}".utf8), timeout: .milliseconds(500)
        )
        let urlRequest = URLRequest(request)
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.value(forHTTPHeaderField: "authorization") == "t")
        #expect(urlRequest.httpBody == Data("{}".utf8))
        #expect(urlRequest.timeoutInterval == 2)
    }
}
