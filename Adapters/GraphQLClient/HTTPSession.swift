import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP seam: sends one request and returns the body and response.
///
/// `URLSession` conforms; tests pass a stub. The method is not called `data(for:)` so that it
/// never competes with `URLSession`'s own overloads at call sites.
public protocol HTTPSession: Sendable {
    /// Sends the request and waits for the whole answer.
    func send(_ request: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSession: HTTPSession {
    public func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request, delegate: nil)
    }
}
