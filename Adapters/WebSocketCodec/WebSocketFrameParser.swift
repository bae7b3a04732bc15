/// Cuts a server's byte stream into ``WebSocketFrame``s, refusing what RFC 6455 forbids as soon
/// as a frame's header shows it: reserved bits set (no extension is ever negotiated), an
/// unknown opcode, a masked frame, a control frame that is fragmented or over 125 bytes, a
/// length that is not in its shortest form or has the top bit set, or a frame longer than the
/// message limit (before its payload is read).
package struct WebSocketFrameParser {
    /// A frame the client must refuse, with the close code that says why.
    package struct Violation: Error, Equatable {
        package var code: UInt16
        package var reason: String

        package init(code: UInt16, reason: String) {
            self.code = code
            self.reason = reason
        }
    }

    private let maximumPayload: Int
    private var buffer: [UInt8] = []
    private var position = 0

    package init(maximumPayload: Int) {
        self.maximumPayload = maximumPayload
    }

    /// Appends bytes read from the connection.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        // Consumed bytes are dropped once they are most of the buffer: each byte moves at most once.
        if position > 0, position >= buffer.count - position {
            buffer.removeFirst(position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received but not yet part of a returned frame.
    package var bufferedCount: Int { buffer.count - position }

    /// The next whole frame, `nil` until all of it has arrived.
    package mutating func next() throws(Violation) -> WebSocketFrame? {
        let available = buffer.count - position
        guard available >= 2 else { return nil }
        let first = buffer[position]
        let second = buffer[position + 1]
        guard first & 0x70 == 0 else { throw Violation(code: 1002, reason: "a frame with reserved bits set") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw Violation(code: 1002, reason: "a frame with the unknown opcode \(first & 0x0F)")
        }
        let fin = first & 0x80 != 0
        guard second & 0x80 == 0 else { throw Violation(code: 1002, reason: "a masked frame from the server") }
        var headerLength = 2
        var length = Int(second & 0x7F)
        if opcode.isControl {
            guard fin else { throw Violation(code: 1002, reason: "a fragmented control frame") }
            guard length <= 125 else { throw Violation(code: 1002, reason: "a control frame over 125 bytes") }
        }
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[position + 2]) << 8 | Int(buffer[position + 3])
            headerLength = 4
            guard length >= 126 else { throw Violation(code: 1002, reason: "a frame length not in its shortest form") }
        } else if length == 127 {
            guard available >= 10 else { return nil }
            guard buffer[position + 2] & 0x80 == 0 else { throw Violation(code: 1002, reason: "a frame length with its top bit set") }
            var wide: UInt64 = 0
            for index in 2..<10 { wide = wide << 8 | UInt64(buffer[position + index]) }
            guard wide > 0xFFFF else { throw Violation(code: 1002, reason: "a frame length not in its shortest form") }
            guard wide <= UInt64(maximumPayload) else { throw tooBig }
            length = Int(wide)
            headerLength = 10
        }
        guard length <= maximumPayload else { throw tooBig }
        guard available - headerLength >= length else { return nil }
        let start = position + headerLength
        let payload = Array(buffer[start..<(start + length)])
        position = start + length
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20)
            position = 0
        }
        return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }

    private var tooBig: Violation { Violation(code: 1009, reason: "a message over \(maximumPayload) bytes") }
}
