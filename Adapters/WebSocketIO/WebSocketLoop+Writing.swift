#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketEventLoop
import WebSocketCodec

/// What goes out, in order, one frame at a time: the frame under way, pongs and close answers,
/// the engine's frames, then a requested close.
extension WebSocketLoop {
    /// Writes what the socket takes now, in order: the frame under way, pongs and close answers,
    /// the engine's frames, then a requested close. Returns the events the socket must show
    /// before more can go (`0` when everything went).
    mutating func writeAvailable() throws -> UInt32 {
        guard writable else {
            abandonOutbox()
            return 0
        }
        let work = engine.takeWork()
        queued.append(contentsOf: work.frames)
        if let close = work.close { closeRequest = close }
        while var frame = nextFrame() {
            let offset = frame.written
            let progress: WriteProgress
            do {
                progress = try frame.bytes.withUnsafeBytes { try stream.sendAvailable(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            } catch {
                underWay = nil
                frame.done?.resume(throwing: WebSocketError(.connectionLost))
                throw error
            }
            switch progress {
            case .wrote(let count):
                frame.written += count
                if frame.written < frame.bytes.count {
                    underWay = frame
                } else {
                    underWay = nil
                    frame.done?.resume()
                }
            case .needsWritable:
                underWay = frame
                return EventLoop.writable
            case .needsReadable:
                underWay = frame
                return EventLoop.readable
            }
        }
        return 0
    }

    /// The frame to write next, made the one under way: a frame is never interleaved with another.
    private mutating func nextFrame() -> Pending? {
        if let underWay { return underWay }
        var next: Pending?
        if !control.isEmpty, !closeSent {
            let frame = control.removeFirst()
            if frame.count >= 1, frame[frame.startIndex] & 0x0F == WebSocketFrame.Opcode.close.rawValue { closeSent = true }
            next = Pending(bytes: frame)
        } else if queuedStart < queued.count, !closeSent {
            let item = queued[queuedStart]
            queuedStart += 1
            next = Pending(bytes: item.frame, done: item.done)
        } else if let request = closeRequest, !closeSent {
            closeSent = true
            closingDeadline = .now + engine.limits.closeTimeout
            next = Pending(bytes: WebSocketFrame.encode(.close, payload: WebSocketFrame.closePayload(code: request.code, reason: request.reason)))
        }
        if next == nil {
            // After the close nothing more goes: whoever waits for a frame learns it never will.
            if closeSent { abandonQueued() }
            control = []
            closeRequest = nil
        }
        underWay = next
        return next
    }

    /// Fails every frame not yet written; the one under way lost its connection.
    mutating func abandonOutbox() {
        underWay?.done?.resume(throwing: WebSocketError(.connectionLost))
        underWay = nil
        control = []
        closeRequest = nil
        let work = engine.takeWork()
        queued.append(contentsOf: work.frames)
        abandonQueued()
    }

    private mutating func abandonQueued() {
        for item in queued[queuedStart...] { item.done?.resume(throwing: WebSocketError(.notOpen)) }
        queued = []
        queuedStart = 0
    }
}
