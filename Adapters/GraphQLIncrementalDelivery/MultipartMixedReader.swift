#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a `multipart/mixed` body (RFC 2046) part by part as its bytes arrive: what a server
/// sends for incremental delivery (`@defer`), one JSON payload a part.
///
/// Bytes may arrive split anywhere, a delimiter included. The first delimiter may open the body
/// or follow a preamble; a part's headers end at an empty line (a part may have none). A part is
/// handed on as soon as the delimiter after it arrived, before the rest of that delimiter's line:
/// Strawberry (graphql-core 3.3) ends each part with `CRLF--boundary` and sends the line break,
/// or the closing `--`, only with the next part. The body is whole only once the closing
/// delimiter (`--boundary--`) arrived: ``finish()`` says whether it did. JSON bodies never hold a
/// raw line break, so a delimiter cannot appear inside one.
public struct MultipartMixedReader: Sendable {
    /// Why the body cannot be read.
    public enum Failure: Error, Sendable, Hashable {
        /// The body ended before its closing delimiter (the connection dropped mid-response).
        case truncated
        /// More than the limit arrived without a delimiter.
        case partTooLarge(limit: Int)
    }

    private enum State: Sendable {
        case preamble
        /// Just past a delimiter: `--` closes the body, else the rest of its line is skipped.
        case afterDelimiter
        case inPart
        case closed
    }

    private let delimiter: [UInt8]
    private let maximumPartBytes: Int
    private var buffer: [UInt8] = []
    private var state = State.preamble
    /// How far the current part was searched for a delimiter already (so a long part arriving
    /// in small reads is scanned once).
    private var searched = 0

    /// A reader for the boundary of `contentType` (`multipart/mixed; boundary="-"`), or `nil`
    /// when it is not `multipart/mixed` with a boundary.
    public init?(contentType: String, maximumPartBytes: Int = 64 << 20) {
        let parameters = contentType.split(separator: ";").map { String($0.drop { $0 == " " }) }
        guard parameters.first?.lowercased().hasPrefix("multipart/mixed") == true,
            let boundary = parameters.dropFirst().first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst("boundary=".count)
        else { return nil }
        let unquoted = boundary.hasPrefix("\"") && boundary.hasSuffix("\"") && boundary.count >= 2 ? boundary.dropFirst().dropLast() : boundary[...]
        guard !unquoted.isEmpty else { return nil }
        self.init(boundary: String(unquoted), maximumPartBytes: maximumPartBytes)
    }

    /// A reader for `boundary` (without the leading `--`).
    public init(boundary: String, maximumPartBytes: Int = 64 << 20) {
        delimiter = Array("--\(boundary)".utf8)
        self.maximumPartBytes = maximumPartBytes
    }

    /// Whether the closing delimiter has arrived.
    public var isComplete: Bool {
        if case .closed = state { return true }
        return false
    }

    /// Takes the next bytes and returns the bodies of the parts they completed, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(Failure) -> [Data] {
        guard !isComplete else { return [] }
        buffer.append(contentsOf: bytes)
        var parts: [Data] = []
        while true {
            switch state {
            case .closed:
                buffer = []
                return parts
            case .preamble:
                guard let start = firstDelimiter(from: 0, atLineStart: true) else {
                    try keepTail()
                    return parts
                }
                buffer.removeFirst(start + delimiter.count)
                state = .afterDelimiter
            case .afterDelimiter:
                guard let first = buffer.first else { return parts }
                if first == 0x2D {
                    guard buffer.count >= 2 else { return parts }
                    if buffer[1] == 0x2D {
                        state = .closed
                        continue
                    }
                }
                guard let lineEnd = buffer.firstIndex(of: 0x0A) else {
                    guard buffer.count <= maximumPartBytes else { throw .partTooLarge(limit: maximumPartBytes) }
                    return parts
                }
                buffer.removeFirst(lineEnd + 1)
                searched = 0
                state = .inPart
            case .inPart:
                guard let start = firstDelimiter(from: searched, atLineStart: false) else {
                    guard buffer.count <= maximumPartBytes else { throw .partTooLarge(limit: maximumPartBytes) }
                    searched = max(0, buffer.count - delimiter.count)
                    return parts
                }
                // The line break before the delimiter belongs to it.
                var end = start
                if end > 0, buffer[end - 1] == 0x0A { end -= 1 }
                if end > 0, buffer[end - 1] == 0x0D { end -= 1 }
                parts.append(Self.body(of: buffer[..<end]))
                buffer.removeFirst(start + delimiter.count)
                searched = 0
                state = .afterDelimiter
            }
        }
    }

    /// Checks that the body ended where it may: after its closing delimiter.
    public func finish() throws(Failure) {
        guard isComplete else { throw .truncated }
    }

    /// Where the next delimiter starts: at the start of a line (or of the buffer, when `atLineStart`).
    private func firstDelimiter(from offset: Int, atLineStart: Bool) -> Int? {
        var index = offset
        while index + delimiter.count <= buffer.count {
            if buffer[index] == delimiter[0], buffer[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                let lineStart = index == 0 ? atLineStart : buffer[index - 1] == 0x0A
                if lineStart { return index }
            }
            index += 1
        }
        return nil
    }

    /// Drops preamble bytes that can no longer start a delimiter.
    private mutating func keepTail() throws(Failure) {
        let keep = delimiter.count + 1
        if buffer.count > keep { buffer.removeFirst(buffer.count - keep) }
    }

    /// A part's body: what follows its headers' empty line (all of it when it has no headers).
    private static func body(of part: ArraySlice<UInt8>) -> Data {
        let bytes = Array(part)
        if bytes.starts(with: [0x0D, 0x0A]) { return Data(bytes.dropFirst(2)) }
        if bytes.starts(with: [0x0A]) { return Data(bytes.dropFirst(1)) }
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A, bytes[index + 1] == 0x0A { return Data(bytes[(index + 2)...]) }
            if index + 3 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A, bytes[index + 2] == 0x0D, bytes[index + 3] == 0x0A {
                return Data(bytes[(index + 4)...])
            }
            index += 1
        }
        return Data()
    }
}
