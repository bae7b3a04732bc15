import Transport

/// The status line and header fields of an HTTP/1.1 answer, and how its body is framed.
package struct HTTPResponseHead {
    /// How the body's end is found.
    package enum Framing: Equatable {
        case chunked
        case length(Int)
        case untilClose
    }

    package var status: Int
    /// The protocol of the status line, `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// Header fields by name as sent; repeated fields are joined with ", ".
    package var headers: [String: String]
    /// How many bytes the head took on the wire, its blank line included (set by the reader).
    package var byteCount = 0

    /// Parses the head's lines (without their ends); anything that is not HTTP/1.x framing is
    /// ``HTTPTransportError/Kind/malformedResponse(_:)``.
    package init(lines: [String], maximumHeaderCount: Int) throws {
        var lines = lines[...]
        // The status line, "HTTP/1.1 200 OK".
        let statusLine = lines.popFirst() ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3,
              parts[1].allSatisfy(\.isASCII), let status = Int(parts[1]), status >= 100
        else {
            throw HTTPResponseReader.malformed("no HTTP status line")
        }
        var headers: [String: String] = [:]
        var count = 0
        for line in lines where !line.isEmpty {
            count += 1
            guard count <= maximumHeaderCount else {
                throw HTTPResponseReader.malformed("more than \(maximumHeaderCount) header fields")
            }
            guard let colon = line.firstIndex(of: ":") else { throw HTTPResponseReader.malformed("a header line without a colon") }
            let name = line[..<colon].trimmingHTTPWhitespace
            let value = line[line.index(after: colon)...].trimmingHTTPWhitespace
            if let existing = headers[name] { headers[name] = existing + ", " + value } else { headers[name] = value }
        }
        self.status = status
        self.version = String(parts[0])
        self.headers = headers
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveEquals(name) }?.value
    }

    /// Whether the connection may carry another request after this answer: HTTP/1.1 unless the
    /// server says `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`; never after
    /// a body that ends with the connection, or a switch of protocols.
    package func keepsAlive(framing: Framing) -> Bool {
        let tokens = (header("connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingHTTPWhitespace }
        guard status != 101, framing != .untilClose, !tokens.contains("close") else { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    /// The server's idle timeout from `Keep-Alive: timeout=N` (seconds), if it names one.
    package var keepAliveTimeout: Duration? {
        guard let value = header("keep-alive") else { return nil }
        for parameter in value.split(separator: ",") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingHTTPWhitespace }
            if pair.count == 2, pair[0].lowercased() == "timeout", let seconds = Int(pair[1]), seconds >= 0 {
                return .seconds(min(seconds, 86_400))
            }
        }
        return nil
    }

    /// How the body is framed. `chunked` wins over `Content-Length` (RFC 9112 §6.3); several
    /// `Content-Length` values must agree, and each must be a plain non-negative number.
    package func framing() throws -> Framing {
        if let encoding = header("transfer-encoding"), encoding.lowercased().contains("chunked") { return .chunked }
        guard let lengths = header("content-length") else { return .untilClose }
        var length: Int?
        for text in lengths.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = text.trimmingHTTPWhitespace
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
                throw HTTPResponseReader.malformed("a Content-Length that is not a non-negative number")
            }
            // More digits than an Int holds is larger than any limit.
            let value = Int(digits) ?? Int.max
            if let length, length != value { throw HTTPResponseReader.malformed("conflicting Content-Length values") }
            length = value
        }
        return .length(length ?? 0)
    }

    /// Where the blank line ending a head starts, and where the body starts after it.
    package static func end(in bytes: [UInt8], from start: Int) -> (start: Int, next: Int)? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 10 {
                if bytes[index + 1] == 10 { return (index, index + 2) }
                if bytes[index + 1] == 13, index + 2 < bytes.count, bytes[index + 2] == 10 { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }
}
