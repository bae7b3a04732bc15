#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketEventLoop

/// Reads HTTP/1.1 answers from a ``ByteStream`` (a plain or a TLS connection), one per
/// ``read(method:)``: the status line and headers, then the body by `Content-Length`,
/// `Transfer-Encoding: chunked` or until the server closes, within ``HTTPResponseLimits``. After
/// each answer ``keepsAlive`` says whether the pool may send the connection's next request.
///
/// A connection that ends before the whole answer is ``HTTPTransportError/Kind/connectionLost``;
/// an answer whose framing cannot be read is ``HTTPTransportError/Kind/malformedResponse(_:)``;
/// a body over the limit is ``HTTPTransportError/Kind/responseTooLarge(limit:)``, refused as
/// soon as it is known (a too-large `Content-Length` before any body byte is read).
package struct HTTPResponseReader {
    let connection: any ByteStream
    let limits: HTTPResponseLimits
    var buffer: [UInt8] = []
    var position = 0
    let scratch = ReceiveBuffer(capacity: 64 * 1024)
    /// Fills and interim heads so far, to let other work on the event loop run now and then.
    var steps = 0
    /// Whether any byte of an answer has arrived.
    package internal(set) var receivedAny = false
    /// Whether the connection may carry another request after the answer read last (see
    /// ``HTTPResponseHead/keepsAlive(framing:)``), and nothing beyond that answer has arrived.
    package internal(set) var keepsAlive = false
    /// The idle timeout the server named for the connection (`Keep-Alive: timeout=`), if any.
    package internal(set) var keepAliveTimeout: Duration?

    package init(connection: any ByteStream, limits: HTTPResponseLimits = HTTPResponseLimits()) {
        self.connection = connection
        self.limits = limits
    }

    /// The answer to a request made with `method`.
    ///
    /// Interim (1xx) answers before it are skipped, at most ``HTTPResponseLimits/maximumHeadBytes``
    /// of them in all: a server cannot keep the client reading heads forever.
    package mutating func read(method: String) async throws -> HTTPResponse {
        let head = try await readFinalHead()
        let body: Data
        var framing = HTTPResponseHead.Framing.length(0)
        if Self.hasNoBody(method: method, status: head.status) {
            body = Data()
        } else {
            framing = try head.framing()
            switch framing {
            case .chunked: body = try await readChunked()
            case .length(let count):
                guard count <= limits.maximumBodyBytes else { throw tooLarge }
                body = try await readExactly(count)
            case .untilClose: body = try await readToEnd()
            }
        }
        keepsAlive = head.keepsAlive(framing: framing) && position == buffer.count
        keepAliveTimeout = head.keepAliveTimeout
        return HTTPResponse(statusCode: head.status, headers: head.headers, body: body)
    }

    /// The head of the answer itself: interim (1xx) heads before it are skipped, at most
    /// ``HTTPResponseLimits/maximumHeadBytes`` of them in all.
    mutating func readFinalHead() async throws -> HTTPResponseHead {
        var interimBytes = 0
        var head = try await readHead()
        while (100..<200).contains(head.status), head.status != 101 {
            interimBytes += head.byteCount
            guard interimBytes <= limits.maximumHeadBytes else {
                throw Self.malformed("interim (1xx) answers over \(limits.maximumHeadBytes / 1024) KiB before the answer")
            }
            await yieldNowAndThen()
            head = try await readHead()
        }
        return head
    }

    /// Whether the answer to `method` with `status` has no body whatever its headers say.
    static func hasNoBody(method: String, status: Int) -> Bool {
        method == "HEAD" || status == 204 || status == 304
    }

    var tooLarge: HTTPTransportError { HTTPTransportError(.responseTooLarge(limit: limits.maximumBodyBytes)) }
    private var headTooLarge: HTTPTransportError { Self.malformed("a response head over \(limits.maximumHeadBytes / 1024) KiB") }

    /// Drops the bytes before ``position`` once there are more than 64 KiB of them.
    ///
    /// Bytes in ``buffer`` move only here and in ``readExactly(_:into:)`` once all are consumed,
    /// both at the start of a step, when no index into the buffer is held; ``fill()`` never
    /// moves bytes, so an index taken before it (``readHead()``'s search offset) stays valid
    /// after it. Each compaction copies at most the unread bytes, which a step bounds (a head,
    /// a line), after 64 KiB were consumed: linear in all.
    mutating func compact() {
        guard position > 64 * 1024 else { return }
        buffer.removeFirst(position)
        position = 0
    }

    /// Appends what the connection delivers next, never moving what is there; `false` when
    /// the connection has closed.
    mutating func fill() async throws -> Bool {
        await yieldNowAndThen()
        let count = try await connection.receive(into: scratch.bytes)
        guard count > 0 else { return false }
        receivedAny = true
        buffer.append(contentsOf: scratch.prefix(count))
        return true
    }

    /// Every 16th step, lets the other tasks of the executor run: the exchanges of the process
    /// share one ``EventLoop`` thread, and a long answer already in the socket (a read never
    /// waits then) must not hold up the others.
    mutating func yieldNowAndThen() async {
        steps += 1
        if steps % 16 == 0 { await Task.yield() }
    }

    mutating func readHead() async throws -> HTTPResponseHead {
        compact()
        var searchFrom = position
        while true {
            if let end = HTTPResponseHead.end(in: buffer, from: searchFrom) {
                guard end.start - position <= limits.maximumHeadBytes else { throw headTooLarge }
                let lines = buffer[position..<end.start].split(separator: 10, omittingEmptySubsequences: false).map { line in
                    // Bytes, not Characters: Swift reads "\r\n" as one Character.
                    String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
                }
                var head = try HTTPResponseHead(lines: lines, maximumHeaderCount: limits.maximumHeaderCount)
                head.byteCount = end.next - position
                position = end.next
                return head
            }
            // A first line that is not a status line is refused at once, not after 64 KiB.
            if buffer.count - position >= 5, !buffer[position..<(position + 5)].elementsEqual("HTTP/".utf8) {
                throw Self.malformed("no HTTP status line")
            }
            searchFrom = max(position, buffer.count - 3)
            guard buffer.count - position <= limits.maximumHeadBytes else { throw headTooLarge }
            guard try await fill() else {
                // Nothing, or the start of a status line, is a connection closed before a
                // whole answer; anything else is not HTTP.
                let received = buffer[position...]
                if received.starts(with: "HTTP/".utf8) || "HTTP/".utf8.starts(with: received) {
                    throw HTTPTransportError(.connectionLost)
                }
                throw Self.malformed("no HTTP status line")
            }
        }
    }

    package static func malformed(_ reason: String) -> HTTPTransportError {
        HTTPTransportError(.malformedResponse(reason))
    }

    private mutating func readExactly(_ count: Int) async throws -> Data {
        var body = Data()
        body.reserveCapacity(min(count, 1 << 20))
        try await readExactly(count, into: &body)
        return body
    }

    private mutating func readExactly(_ count: Int, into body: inout Data) async throws {
        var remaining = count
        while remaining > 0 {
            try await refillWhenDrained()
            let take = min(remaining, buffer.count - position)
            body.append(contentsOf: buffer[position..<(position + take)])
            position += take
            remaining -= take
        }
    }

    /// Once every buffered byte is read, refills the buffer from its start; an ended connection
    /// is ``HTTPTransportError/Kind/connectionLost`` (the framing promised more).
    mutating func refillWhenDrained() async throws {
        guard position == buffer.count else { return }
        buffer.removeAll(keepingCapacity: true)
        position = 0
        guard try await fill() else { throw HTTPTransportError(.connectionLost) }
    }

    private mutating func readToEnd() async throws -> Data {
        var body = Data(buffer[position...])
        position = buffer.count
        guard body.count <= limits.maximumBodyBytes else { throw tooLarge }
        while true {
            await yieldNowAndThen()
            let count = try await connection.receive(into: scratch.bytes)
            guard count > 0 else { return body }
            receivedAny = true
            guard body.count + count <= limits.maximumBodyBytes else { throw tooLarge }
            body.append(contentsOf: scratch.prefix(count))
        }
    }

    /// One line (without its end), at most 4 KiB.
    mutating func readLine() async throws -> Substring {
        compact()
        while true {
            if let newline = buffer[position...].firstIndex(of: 10) {
                let bytes = buffer[position..<newline]
                position = newline + 1
                return Substring(String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes, as: UTF8.self))
            }
            guard buffer.count - position <= 4_096 else { throw Self.malformed("a chunk line over 4 KiB") }
            guard try await fill() else { throw HTTPTransportError(.connectionLost) }
        }
    }

    private mutating func readChunked() async throws -> Data {
        var body = Data()
        while true {
            let line = try await readLine()
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingHTTPWhitespace } ?? ""
            guard !sizeText.isEmpty, sizeText.allSatisfy(\.isHexDigit) else { throw Self.malformed("a bad chunk size") }
            // Too many digits for an Int is a size over any limit.
            guard let size = Int(sizeText, radix: 16), size <= limits.maximumBodyBytes - body.count else { throw tooLarge }
            if size == 0 {
                // Trailers, up to the blank line.
                var trailers = 0
                while try await !readLine().isEmpty {
                    trailers += 1
                    guard trailers <= limits.maximumHeaderCount else { throw Self.malformed("too many trailer fields") }
                }
                return body
            }
            try await readExactly(size, into: &body)
            guard try await readLine().isEmpty else { throw Self.malformed("chunk data longer than its size") }
        }
    }
}
