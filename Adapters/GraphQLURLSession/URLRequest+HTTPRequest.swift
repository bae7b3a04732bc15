import Foundation
import Transport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The `URLRequest` for `request`.
    ///
    /// The session's own limit is set a whole second (and more) after the request's timeout:
    /// FoundationNetworking mishandles sub-second intervals, and the client's own deadline is
    /// what enforces the timeout.
    public init(_ request: HTTPRequest) {
        self.init(url: request.url)
        httpMethod = request.method
        timeoutInterval = Double(request.timeout.components.seconds) + 2
        for (name, value) in request.headers { setValue(value, forHTTPHeaderField: name) }
        httpBody = request.body
    }
}
