#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import JSON

/// Writes a ``GraphQLRequest`` as HTTP, following the GraphQL-over-HTTP spec and Apollo's
/// persisted query extension.
///
/// - `POST`: a JSON body `{"operationName", "query", "variables", "extensions"}`, `query` left
///   out when the transmission sends no document, `extensions` only for a persisted query.
/// - `GET` (queries only): the same members in the URL's query string, `variables` and
///   `extensions` as JSON text; `operationName` and `variables` left out when empty. Its
///   `Apollo-Require-Preflight` header lets it past Apollo Server's CSRF prevention.
/// - Both send `Accept: application/graphql-response+json, application/json;q=0.9`.
public enum GraphQLHTTPEncoding {
    /// What the client accepts: the GraphQL-over-HTTP media type first, legacy JSON after it.
    public static let accept = "application/graphql-response+json, application/json;q=0.9"
    /// The longest `GET` URL sent, in bytes; a longer query (a long document) goes as `POST`.
    public static let maximumGETLength = 8_192

    /// The HTTP request for `request` to `endpoint`; `usesGET` sends a query as `GET` when the
    /// transmission allows it and the URL stays within ``maximumGETLength``.
    public static func httpRequest(for request: GraphQLRequest, endpoint: URL, timeout: Duration, usesGET: Bool) -> HTTPRequest {
        if usesGET, request.operation.kind == .query, request.transmission.allowsGET,
            let url = getURL(for: request, endpoint: endpoint), url.absoluteString.utf8.count <= maximumGETLength {
            var urlRequest = HTTPRequest(url: url, method: "GET", timeout: timeout)
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
            urlRequest.setValue("true", forHTTPHeaderField: "Apollo-Require-Preflight")
            return urlRequest
        }
        // A query may be sent again on a fresh connection when a kept-alive one was found closed;
        // a mutation never is.
        var urlRequest = HTTPRequest(url: endpoint, method: "POST", timeout: timeout, isIdempotent: request.operation.kind == .query)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
        var body: [String: JSONValue] = [
            // An anonymous operation is sent without a name (null), as the GraphQL-over-HTTP spec has it.
            "operationName": request.operation.name.isEmpty ? .null : .string(request.operation.name),
            "variables": .object(request.variables),
        ]
        if request.transmission.sendsDocument { body["query"] = .string(request.operation.document) }
        if let extensions = extensions(of: request) { body["extensions"] = extensions }
        urlRequest.body = JSONWriter.data(.object(body))
        return urlRequest
    }

    /// `{"persistedQuery": {"version": 1, "sha256Hash": …}}` when the transmission names a hash.
    static func extensions(of request: GraphQLRequest) -> JSONValue? {
        guard let hash = request.transmission.persistedQueryHash else { return nil }
        return ["persistedQuery": ["version": 1, "sha256Hash": .string(hash)]]
    }

    /// The `GET` URL: the endpoint with the request's members added to its query string.
    static func getURL(for request: GraphQLRequest, endpoint: URL) -> URL? {
        var items: [(String, String)] = []
        if request.transmission.sendsDocument { items.append(("query", request.operation.document)) }
        if !request.operation.name.isEmpty { items.append(("operationName", request.operation.name)) }
        if !request.variables.isEmpty { items.append(("variables", JSONWriter.string(.object(request.variables)))) }
        if let extensions = extensions(of: request) { items.append(("extensions", JSONWriter.string(extensions))) }
        let query = items.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&")
        var text = endpoint.absoluteString
        if let fragment = text.firstIndex(of: "#") { text = String(text[..<fragment]) }
        text += (text.contains("?") ? "&" : "?") + query
        return URL(string: text)
    }

    /// `text` with every byte but RFC 3986's unreserved characters percent-encoded (so a `+`
    /// or `&` in a document or a variable survives form decoding).
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
