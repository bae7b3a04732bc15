import Transport
import SocketEventLoop
import WebSocketCodec

/// The frames the server sent: pings answered, messages handed on, its close checked and
/// answered, a protocol violation failed with the code that says why.
extension WebSocketLoop {
    /// Handles every whole frame buffered, while the consumer has room; `true` when no whole
    /// frame is left.
    @discardableResult
    mutating func processFrames() -> Bool {
        while !dropNow, closeSent || !engine.isInboxFull {
            do throws(WebSocketFrameParser.Violation) {
                guard let frame = try parser.next() else { return true }
                try handle(frame)
            } catch {
                fail(code: error.code, reason: error.reason)
            }
        }
        return false
    }

    private mutating func handle(_ frame: WebSocketFrame) throws(WebSocketFrameParser.Violation) {
        // Nothing counts after the server's close (§5.5.1), but it is still read until the end.
        guard !closeReceived else { return }
        switch frame.opcode {
        case .ping:
            if !closeSent { control.append(WebSocketFrame.encode(.pong, payload: frame.payload)) }
        case .pong:
            break
        case .close:
            try handleClose(frame.payload)
        case .text, .binary, .continuation:
            if let message = try assembler.take(frame), !closeSent { engine.deliver(message) }
        }
    }

    /// The server's close frame: checked, answered with its code, then the server's end of
    /// stream is awaited (it closes the TCP connection first, §7.1.1).
    private mutating func handleClose(_ payload: [UInt8]) throws(WebSocketFrameParser.Violation) {
        var code = WebSocketCloseCode.noStatusReceived
        var reason = ""
        if !payload.isEmpty {
            guard payload.count >= 2 else { throw .init(code: 1002, reason: "a close frame of one byte") }
            code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
            guard code.isAllowedOnTheWire else { throw .init(code: 1002, reason: "a close frame with the code \(code)") }
            guard WebSocketUTF8Validator.isValid(payload[2...]) else { throw .init(code: 1007, reason: "a close reason that is not UTF-8") }
            reason = String(decoding: payload[2...], as: UTF8.self)
        }
        closeReceived = true
        engine.stopAccepting()
        if closeSent {
            ending = ending ?? .success(())
        } else {
            let echoed = code == .noStatusReceived ? [] : WebSocketFrame.closePayload(code: code.rawValue, reason: "")
            control.append(WebSocketFrame.encode(.close, payload: echoed))
            ending = code == .normalClosure || code == .noStatusReceived
                ? .success(()) : .failure(WebSocketError(.closedByServer(code: code, reason: reason)))
        }
        closingDeadline = .now + engine.limits.closeTimeout
    }

    /// Fails the connection (§7.1.7): a close frame with `code`, sent if the socket takes it, then drop.
    mutating func fail(code: UInt16, reason: String) {
        engine.stopAccepting()
        if ending == nil {
            ending = .failure(WebSocketError(.protocolViolation(code: WebSocketCloseCode(rawValue: code), reason: reason)))
        }
        if !closeSent {
            closeSent = true
            stream.sendIfRoom(WebSocketFrame.encode(.close, payload: WebSocketFrame.closePayload(code: code, reason: "")))
        }
        dropNow = true
    }
}
