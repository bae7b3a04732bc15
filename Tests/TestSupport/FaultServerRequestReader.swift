import Foundation

/// Reads whole HTTP/1.1 requests (head plus `Content-Length` or chunked body) from one
/// connection of the ``FaultServer``, keeping any bytes of the next request for later.
struct FaultServerRequestReader {
    /// The largest request head accepted.
    static let maximumHeadSize = 64 * 1024
    /// The largest request body accepted.
    static let maximumBodySize = 64 * 1024 * 1024

    let fd: Int32
    let wake: Int32
    private var buffer = Data()

    init(fd: Int32, wake: Int32) {
        self.fd = fd
        self.wake = wake
    }

    /// The next request, or `nil` when the peer closed, sent garbage, or the server is stopping.
    mutating func next() -> FaultServerRequest? {
        let terminator = Data("\r\n\r\n".utf8)
        var headEnd = buffer.range(of: terminator)
        while headEnd == nil {
            guard buffer.count <= Self.maximumHeadSize, fill() else { return nil }
            headEnd = buffer.range(of: terminator)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<headEnd.lowerBound], as: UTF8.self)
        buffer = Data(buffer[headEnd.upperBound...])

        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count >= 2 else { return nil }
        let fields: [(name: String, value: String)] = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var request = FaultServerRequest(method: String(requestLine[0]), target: String(requestLine[1]), headerFields: fields, body: Data())

        if request.header("Expect")?.lowercased() == "100-continue" {
            FaultServerSocket.sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: fd, wake: wake)
        }
        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            guard let body = readChunkedBody() else { return nil }
            request.body = body
        } else {
            let length = Int(request.header("Content-Length") ?? "0") ?? 0
            guard length >= 0, length <= Self.maximumBodySize else { return nil }
            while buffer.count < length {
                guard fill() else { return nil }
            }
            request.body = Data(buffer.prefix(length))
            buffer = Data(buffer.dropFirst(length))
        }
        return request
    }

    /// Appends what the peer sends next; `false` at end of stream.
    private mutating func fill() -> Bool {
        guard let chunk = FaultServerSocket.receive(fd, wake: wake) else { return false }
        buffer.append(chunk)
        return true
    }

    /// Reads a chunked body up to its last chunk and trailer.
    private mutating func readChunkedBody() -> Data? {
        var body = Data()
        let lineEnd = Data("\r\n".utf8)
        while true {
            var sizeLine = buffer.range(of: lineEnd)
            while sizeLine == nil {
                guard fill() else { return nil }
                sizeLine = buffer.range(of: lineEnd)
            }
            guard let sizeLine else { return nil }
            let sizeText = String(decoding: buffer[buffer.startIndex..<sizeLine.lowerBound], as: UTF8.self)
                .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0, body.count + size <= Self.maximumBodySize else { return nil }
            buffer = Data(buffer[sizeLine.upperBound...])
            if size == 0 {
                // Trailer fields, then an empty line.
                while true {
                    var end = buffer.range(of: lineEnd)
                    while end == nil {
                        guard fill() else { return nil }
                        end = buffer.range(of: lineEnd)
                    }
                    guard let end else { return nil }
                    let isEmptyLine = end.lowerBound == buffer.startIndex
                    buffer = Data(buffer[end.upperBound...])
                    if isEmptyLine { return body }
                }
            }
            while buffer.count < size + 2 {
                guard fill() else { return nil }
            }
            body.append(buffer.prefix(size))
            buffer = Data(buffer.dropFirst(size + 2))
        }
    }
}
