#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketEventLoop
import WebSocketCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The I/O task of an open WebSocket: reads and checks frames, answers pings, writes what
/// the engine queued, and runs the close handshake (RFC 6455 §7), until the connection ends.
///
/// It waits on the ``EventLoop`` for the socket and the engine's wake-up pair at once, holding
/// no thread meanwhile. A server that breaks
/// the protocol gets a close frame with the code that says why (1002, 1007, 1009) and the
/// connection is dropped at once; the consumer gets ``WebSocketError``.
package struct WebSocketLoop {
    private let engine: WebSocketEngine
    private let stream: any PollableByteStream
    private var parser: WebSocketFrameParser
    private var assembler: WebSocketMessageAssembler
    /// Pongs and the answer to the server's close, written before anything the engine queued.
    private var control: [Data] = []
    /// The frame being written: the socket took only part of it so far (or, with TLS, none yet).
    private var underWay: Pending?
    /// The engine's frames taken for writing, from `queuedStart` on.
    private var queued: [WebSocketEngine.Outgoing] = []
    private var queuedStart = 0
    /// The engine's close request, written after its frames.
    private var closeRequest: (code: UInt16, reason: String)?
    private var closeSent = false
    private var closeReceived = false
    /// When the close handshake (or waiting for the server's end of stream after it) gives up.
    private var closingDeadline: ContinuousClock.Instant?
    /// How the message stream ends, once known.
    private var ending: Result<Void, WebSocketError>?
    /// Whether the connection is to be dropped now (after a protocol violation).
    private var dropNow = false
    /// Whether the server ended the stream; frames it sent before are still handed on as the
    /// consumer makes room, then the connection ends.
    private var peerEnded = false
    /// Whether frames can still be written (not after a write failed once the server ended the stream).
    private var writable = true
    private let readBuffer = ReceiveBuffer(capacity: 64 * 1024)

    /// A frame on its way out and who waits for it.
    private struct Pending {
        var bytes: Data
        var written = 0
        var done: CheckedContinuation<Void, any Error>?
    }

    package init(engine: WebSocketEngine, stream: any PollableByteStream, leftover: [UInt8]) {
        self.engine = engine
        self.stream = stream
        parser = WebSocketFrameParser(maximumPayload: engine.limits.maximumMessageBytes)
        assembler = WebSocketMessageAssembler(maximumBytes: engine.limits.maximumMessageBytes)
        leftover.withUnsafeBytes { parser.append($0) }
    }

    /// Runs until the connection ends and returns how the messages end; the caller then
    /// closes the socket and hands that to ``WebSocketEngine/threadFinished(_:)``.
    package mutating func run() async -> Result<Void, WebSocketError> {
        do {
            try await loop()
        } catch {
            if ending == nil {
                ending = closeSent ? .success(()) : .failure(WebSocketError(.connectionLost))
            }
        }
        engine.stopAccepting()
        abandonOutbox()
        stream.finish()
        return ending ?? (closeSent ? .success(()) : .failure(WebSocketError(.connectionLost)))
    }

    private mutating func loop() async throws {
        while true {
            let drained = processFrames()
            if dropNow { return }
            var blockedOn: UInt32 = 0
            do {
                blockedOn = try writeAvailable()
            } catch where peerEnded {
                // The server is gone: nothing more can be sent, but what it sent is still handed on.
                writable = false
                engine.stopAccepting()
                abandonOutbox()
            }
            if dropNow { return }
            if peerEnded && drained && (blockedOn == 0 || closingDeadline == nil) {
                // The end of stream: normal after the close handshake, lost otherwise (and then
                // what is still to be written can never be answered).
                if ending == nil { ending = closeSent ? .success(()) : .failure(WebSocketError(.connectionLost)) }
                return
            }
            // After the client's close nothing more is delivered: reading goes on, for the answer.
            let reading = !peerEnded && (closeSent || !engine.isInboxFull)
            if let closingDeadline, closingDeadline <= .now { return }
            // The socket is left out while neither reading nor writing: not even a hang-up is
            // reported then. A frame going out never stops the reading: a server that answers
            // with writes that wait until it is read must not wait for ever.
            var interests = [EventLoop.Interest.readable(engine.wakeRead)]
            let socketEvents = (reading ? EventLoop.readable : 0) | blockedOn
            if socketEvents != 0 { interests.append(EventLoop.Interest(descriptor: stream.descriptor, events: socketEvents)) }
            let ready: [UInt32]
            do {
                ready = try await EventLoop.current.wait(for: interests, until: closingDeadline)
            } catch let error as HTTPTransportError where error.kind == .timedOut {
                return
            }
            if Task.isCancelled { throw CancellationError() }
            if ready[0] != 0 { engine.drainWakeups() }
            // Anything but "writable only" may be bytes to read: an end of stream or an error too.
            if reading && socketEvents != 0 && ready[1] & ~EventLoop.writable != 0 { try await readAvailable() }
        }
    }

    /// Reads what the socket has now, parsing as it goes; notes the end of the stream.
    private mutating func readAvailable() async throws {
        let buffer = readBuffer
        let stream = self.stream
        for _ in 0..<16 {
            let count = try await stream.receiveAvailable(into: buffer.bytes)
            guard let count else { return }
            guard count > 0 else {
                peerEnded = true
                return
            }
            parser.append(buffer.prefix(count))
            processFrames()
            if dropNow || (!closeSent && engine.isInboxFull) { return }
        }
    }

    /// Handles every whole frame buffered, while the consumer has room; `true` when no whole
    /// frame is left.
    @discardableResult
    private mutating func processFrames() -> Bool {
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
    private mutating func fail(code: UInt16, reason: String) {
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

    /// Writes what the socket takes now, in order: the frame under way, pongs and close answers,
    /// the engine's frames, then a requested close. Returns the events the socket must show
    /// before more can go (`0` when everything went).
    private mutating func writeAvailable() throws -> UInt32 {
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
    private mutating func abandonOutbox() {
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
