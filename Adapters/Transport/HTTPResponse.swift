#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The status, headers and body bytes of an HTTP answer.
public struct HTTPResponse: Sendable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int, headers: [String: String] = [:], body: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }
}
