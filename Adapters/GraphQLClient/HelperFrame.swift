import Foundation

/// The framing between ``HelperProcessSession`` and its helper executable: one request on the
/// helper's stdin, one answer (or transport failure) on its stdout.
///
/// A frame is the magic line `RRH1`, then fields, each a 4-byte big-endian length and its
/// bytes. A request's fields: URL, method, timeout in milliseconds, header count, each header's
/// name and value, body. An answer's: `response`, status, header count, names and values, body;
/// or `error`, the failure kind and its code. Credentials travel only here, never in argv.
public enum HelperFrame {
    /// A frame that cannot be decoded.
    public struct Malformed: Error, Sendable {}

    private static let magic = Data("RRH1\n".utf8)

    public static func encode(_ request: HTTPRequest) -> Data {
        var writer = Writer()
        writer.add(request.url.absoluteString)
        writer.add(request.method)
        let (seconds, attoseconds) = request.timeout.components
        writer.add(String(seconds * 1_000 + attoseconds / 1_000_000_000_000_000))
        writer.add(headers: request.headers)
        writer.add(request.body)
        return writer.data
    }

    public static func decodeRequest(_ data: Data) throws -> HTTPRequest {
        var reader = try Reader(data)
        guard let url = URL(string: try reader.string()) else { throw Malformed() }
        let method = try reader.string()
        guard let milliseconds = Int64(try reader.string()) else { throw Malformed() }
        let headers = try reader.headers()
        let body = try reader.field()
        return HTTPRequest(url: url, method: method, headers: headers, body: body, timeout: .milliseconds(milliseconds))
    }

    public static func encode(_ result: Result<HTTPResponse, HTTPTransportError>) -> Data {
        var writer = Writer()
        switch result {
        case .success(let response):
            writer.add("response")
            writer.add(String(response.statusCode))
            writer.add(headers: response.headers)
            writer.add(response.body)
        case .failure(let error):
            writer.add("error")
            switch error.kind {
            case .connectionRefused: writer.add("refused"); writer.add("0")
            case .hostUnreachable: writer.add("unreachable"); writer.add("0")
            case .connectionLost: writer.add("lost"); writer.add("0")
            case .timedOut: writer.add("timeout"); writer.add("0")
            case .cancelled: writer.add("cancelled"); writer.add("0")
            case .other(let code): writer.add("other"); writer.add(String(code))
            case .malformedResponse(let reason): writer.add("malformed"); writer.add(reason)
            case .responseTooLarge(let limit): writer.add("too-large"); writer.add(String(limit))
            }
        }
        return writer.data
    }

    public static func decodeResponse(_ data: Data) throws -> Result<HTTPResponse, HTTPTransportError> {
        var reader = try Reader(data)
        switch try reader.string() {
        case "response":
            guard let status = Int(try reader.string()) else { throw Malformed() }
            let headers = try reader.headers()
            return .success(HTTPResponse(statusCode: status, headers: headers, body: try reader.field()))
        case "error":
            let kind = try reader.string()
            let detail = try reader.string()
            if kind == "malformed" { return .failure(HTTPTransportError(.malformedResponse(detail))) }
            guard let code = Int(detail) else { throw Malformed() }
            switch kind {
            case "refused": return .failure(HTTPTransportError(.connectionRefused))
            case "unreachable": return .failure(HTTPTransportError(.hostUnreachable))
            case "lost": return .failure(HTTPTransportError(.connectionLost))
            case "timeout": return .failure(HTTPTransportError(.timedOut))
            case "cancelled": return .failure(HTTPTransportError(.cancelled))
            case "other": return .failure(HTTPTransportError(.other(code: code)))
            case "too-large": return .failure(HTTPTransportError(.responseTooLarge(limit: code)))
            default: throw Malformed()
            }
        default:
            throw Malformed()
        }
    }

    private struct Writer {
        var data = HelperFrame.magic

        mutating func add(_ text: String) { add(Data(text.utf8)) }

        mutating func add(_ bytes: Data) {
            let count = UInt32(truncatingIfNeeded: bytes.count)
            data.append(contentsOf: [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)])
            data.append(bytes)
        }

        mutating func add(headers: [String: String]) {
            add(String(headers.count))
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                add(name)
                add(value)
            }
        }
    }

    private struct Reader {
        private let data: Data
        private var index: Data.Index

        init(_ data: Data) throws {
            guard data.starts(with: HelperFrame.magic) else { throw Malformed() }
            self.data = data
            self.index = data.startIndex + HelperFrame.magic.count
        }

        mutating func field() throws -> Data {
            guard data.endIndex - index >= 4 else { throw Malformed() }
            let count = data[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            index += 4
            guard data.endIndex - index >= count else { throw Malformed() }
            defer { index += count }
            return Data(data[index..<(index + count)])
        }

        mutating func string() throws -> String {
            String(decoding: try field(), as: UTF8.self)
        }

        mutating func headers() throws -> [String: String] {
            guard let count = Int(try string()), count >= 0 else { throw Malformed() }
            var headers: [String: String] = [:]
            for _ in 0..<count {
                let name = try string()
                headers[name] = try string()
            }
            return headers
        }
    }
}
