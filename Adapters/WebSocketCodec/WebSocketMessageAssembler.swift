#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport

/// Joins data frames into messages (RFC 6455 §5.4): a continuation only after a fragment, no
/// new message before the last one ended, the whole message within the size limit, and text
/// checked as UTF-8 as its fragments arrive (a character may straddle two of them).
package struct WebSocketMessageAssembler {
    private let maximumBytes: Int
    private var kind: WebSocketFrame.Opcode?
    private var bytes: [UInt8] = []
    private var utf8 = WebSocketUTF8Validator()

    package init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Takes a text, binary or continuation frame; the message when this frame ended one.
    package mutating func take(_ frame: WebSocketFrame) throws(WebSocketFrameParser.Violation) -> WebSocketMessage? {
        switch frame.opcode {
        case .continuation:
            guard kind != nil else { throw .init(code: 1002, reason: "a continuation frame outside a fragmented message") }
        case .text, .binary:
            guard kind == nil else { throw .init(code: 1002, reason: "a new message inside a fragmented one") }
            kind = frame.opcode
        default:
            return nil
        }
        guard frame.payload.count <= maximumBytes - bytes.count else {
            throw .init(code: 1009, reason: "a message over \(maximumBytes) bytes")
        }
        if kind == .text, !utf8.consume(frame.payload) {
            throw .init(code: 1007, reason: "a text message that is not UTF-8")
        }
        if frame.fin, bytes.isEmpty {
            // A message in one frame: no copy.
            defer {
                kind = nil
                utf8 = WebSocketUTF8Validator()
            }
            guard kind == .binary else {
                guard utf8.isComplete else { throw .init(code: 1007, reason: "a text message that is not UTF-8") }
                return .text(String(decoding: frame.payload, as: UTF8.self))
            }
            return .binary(Data(frame.payload))
        }
        bytes.append(contentsOf: frame.payload)
        guard frame.fin else { return nil }
        defer {
            kind = nil
            bytes = []
            utf8 = WebSocketUTF8Validator()
        }
        if kind == .text {
            guard utf8.isComplete else { throw .init(code: 1007, reason: "a text message that is not UTF-8") }
            return .text(String(decoding: bytes, as: UTF8.self))
        }
        return .binary(Data(bytes))
    }
}
