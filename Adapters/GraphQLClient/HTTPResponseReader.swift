import Foundation

/// Reads one HTTP/1.1 answer from a ``SocketConnection``: the status line and headers (at most
/// ``maximumHeadSize`` bytes), then the body by `Content-Length`, `Transfer-Encoding: chunked`
/// or until the server closes.
///
/// Anything malformed, and a connection that ends early, is ``HTTPTransportError/Kind/connectionLost``.
struct HTTPResponseReader {
    /// The largest status line plus headers accepted.
    static let maximumHeadSize = 64 * 1024

    private let connection: any ByteStream
    private var buffer: [UInt8] = []
    private var position = 0
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    init(connection: any ByteStream) {
        self.connection = connection
    }

    /// The answer to a request made with `method`.
    mutating func read(method: String) throws -> HTTPResponse {
        var (status, headers) = try readHead()
        while (100..<200).contains(status), status != 101 {
            (status, headers) = try readHead()
        }
        let body: Data
        if method == "HEAD" || status == 204 || status == 304 {
            body = Data()
        } else if let encoding = Self.header("transfer-encoding", in: headers), encoding.lowercased().contains("chunked") {
            body = try readChunked()
        } else if let length = Self.header("content-length", in: headers) {
            guard let count = Int(length.trimmingCharacters(in: .whitespaces)), count >= 0 else {
                throw HTTPTransportError(.connectionLost)
            }
            body = try readExactly(count)
        } else {
            body = try readToEnd()
        }
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    private static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.caseInsensitiveEquals(name) }?.value
    }

    /// Appends what the connection delivers next; `false` when it has closed.
    private mutating func fill() throws -> Bool {
        if position > 1 << 20 {
            buffer.removeFirst(position)
            position = 0
        }
        let connection = self.connection
        let count = try scratch.withUnsafeMutableBytes { try connection.receive(into: $0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: scratch[0..<count])
        return true
    }

    private mutating func readHead() throws -> (Int, [String: String]) {
        var searchFrom = position
        while true {
            if let end = Self.headEnd(in: buffer, from: searchFrom) {
                guard end.start - position <= Self.maximumHeadSize else { throw HTTPTransportError(.connectionLost) }
                let lines = buffer[position..<end.start].split(separator: 10, omittingEmptySubsequences: false).map { line in
                    // Bytes, not Characters: Swift reads "\r\n" as one Character.
                    String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
                }
                position = end.next
                return try Self.parseHead(lines)
            }
            searchFrom = max(position, buffer.count - 3)
            guard buffer.count - position <= Self.maximumHeadSize else { throw HTTPTransportError(.connectionLost) }
            guard try fill() else { throw HTTPTransportError(.connectionLost) }
        }
    }

    /// Where the blank line ending a head starts, and where the body starts after it.
    private static func headEnd(in bytes: [UInt8], from start: Int) -> (start: Int, next: Int)? {
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

    private static func parseHead(_ lines: [String]) throws -> (Int, [String: String]) {
        var lines = lines
        // The status line, "HTTP/1.1 200 OK".
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let status = Int(parts[1]) else {
            throw HTTPTransportError(.connectionLost)
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPTransportError(.connectionLost) }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let existing = headers[name] { headers[name] = existing + ", " + value } else { headers[name] = value }
        }
        return (status, headers)
    }

    private mutating func readExactly(_ count: Int) throws -> Data {
        var body = Data()
        body.reserveCapacity(min(count, 64 << 20))
        while body.count < count {
            if position == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                position = 0
                guard try fill() else { throw HTTPTransportError(.connectionLost) }
            }
            let take = min(count - body.count, buffer.count - position)
            body.append(contentsOf: buffer[position..<(position + take)])
            position += take
        }
        return body
    }

    private mutating func readToEnd() throws -> Data {
        var body = Data(buffer[position...])
        position = buffer.count
        let connection = self.connection
        while true {
            let count = try scratch.withUnsafeMutableBytes { try connection.receive(into: $0) }
            guard count > 0 else { return body }
            body.append(contentsOf: scratch[0..<count])
        }
    }

    /// One line (without its end), at most 4 KiB.
    private mutating func readLine() throws -> Substring {
        while true {
            if let newline = buffer[position...].firstIndex(of: 10) {
                let bytes = buffer[position..<newline]
                position = newline + 1
                return Substring(String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes, as: UTF8.self))
            }
            guard buffer.count - position <= 4_096, try fill() else { throw HTTPTransportError(.connectionLost) }
        }
    }

    private mutating func readChunked() throws -> Data {
        var body = Data()
        while true {
            let line = try readLine()
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { throw HTTPTransportError(.connectionLost) }
            if size == 0 {
                // Trailers, up to the blank line.
                while try !readLine().isEmpty {}
                return body
            }
            body.append(try readExactly(size))
            guard try readLine().isEmpty else { throw HTTPTransportError(.connectionLost) }
        }
    }
}
