#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport

extension HTTPResponseReader {
    /// Reads the answer to a request made with `method` as it arrives: `head` gets the status
    /// and headers (an empty body) before any body byte is read, `body` each piece of the body
    /// in order (chunked framing removed, never empty), within the same limits as
    /// ``read(method:)``. Returns the head once the body ended; ``keepsAlive`` is then set as
    /// after ``read(method:)``.
    ///
    /// A connection that ends before the framing says the body is whole is
    /// ``HTTPTransportError/Kind/connectionLost``, thrown after the pieces that did arrive.
    package mutating func stream(
        method: String, head deliverHead: (HTTPResponse) async throws -> Void, body deliver: (Data) async throws -> Void
    ) async throws -> HTTPResponse {
        let head = try await readFinalHead()
        let response = HTTPResponse(statusCode: head.status, headers: head.headers, body: Data())
        try await deliverHead(response)
        var framing = HTTPResponseHead.Framing.length(0)
        if !Self.hasNoBody(method: method, status: head.status) {
            framing = try head.framing()
            var total = 0
            switch framing {
            case .chunked: try await streamChunked(total: &total, deliver)
            case .length(let count):
                guard count <= limits.maximumBodyBytes else { throw tooLarge }
                try await streamExactly(count, total: &total, deliver)
            case .untilClose: try await streamToEnd(total: &total, deliver)
            }
        }
        keepsAlive = head.keepsAlive(framing: framing) && position == buffer.count
        keepAliveTimeout = head.keepAliveTimeout
        return response
    }

    /// Hands over the next `count` body bytes as they arrive.
    private mutating func streamExactly(_ count: Int, total: inout Int, _ deliver: (Data) async throws -> Void) async throws {
        var remaining = count
        while remaining > 0 {
            try await refillWhenDrained()
            let take = min(remaining, buffer.count - position)
            total += take
            guard total <= limits.maximumBodyBytes else { throw tooLarge }
            let piece = Data(buffer[position..<(position + take)])
            position += take
            remaining -= take
            try await deliver(piece)
        }
    }

    /// Hands over a chunked body's data chunk by chunk, each as its bytes arrive.
    private mutating func streamChunked(total: inout Int, _ deliver: (Data) async throws -> Void) async throws {
        while true {
            let line = try await readLine()
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingHTTPWhitespace } ?? ""
            guard !sizeText.isEmpty, sizeText.allSatisfy(\.isHexDigit) else { throw Self.malformed("a bad chunk size") }
            guard let size = Int(sizeText, radix: 16), size <= limits.maximumBodyBytes - total else { throw tooLarge }
            if size == 0 {
                var trailers = 0
                while try await !readLine().isEmpty {
                    trailers += 1
                    guard trailers <= limits.maximumHeaderCount else { throw Self.malformed("too many trailer fields") }
                }
                return
            }
            try await streamExactly(size, total: &total, deliver)
            guard try await readLine().isEmpty else { throw Self.malformed("chunk data longer than its size") }
        }
    }

    /// Hands over everything until the server closes the connection.
    private mutating func streamToEnd(total: inout Int, _ deliver: (Data) async throws -> Void) async throws {
        if position < buffer.count {
            let piece = Data(buffer[position...])
            position = buffer.count
            total += piece.count
            guard total <= limits.maximumBodyBytes else { throw tooLarge }
            try await deliver(piece)
        }
        while true {
            await yieldNowAndThen()
            let count = try await connection.receive(into: scratch.bytes)
            guard count > 0 else { return }
            receivedAny = true
            total += count
            guard total <= limits.maximumBodyBytes else { throw tooLarge }
            try await deliver(Data(scratch.prefix(count)))
        }
    }
}
