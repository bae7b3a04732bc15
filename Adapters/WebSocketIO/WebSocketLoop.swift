#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketEventLoop
import WebSocketCodec

/// The I/O task of an open WebSocket: reads and checks frames, answers pings, writes what
/// the engine queued, and runs the close handshake (RFC 6455 §7), until the connection ends.
///
/// It waits on the ``EventLoop`` for the socket and the engine's ``WakeUpFlag`` at once, holding
/// no thread meanwhile. A server that breaks
/// the protocol gets a close frame with the code that says why (1002, 1007, 1009) and the
/// connection is dropped at once; the consumer gets ``WebSocketError``.
package struct WebSocketLoop {
    let engine: WebSocketEngine
    let stream: any PollableByteStream
    var parser: WebSocketFrameParser
    var assembler: WebSocketMessageAssembler
    /// Pongs and the answer to the server's close, written before anything the engine queued.
    var control: [Data] = []
    /// The frame being written: the socket took only part of it so far (or, with TLS, none yet).
    var underWay: Pending?
    /// The engine's frames taken for writing, from `queuedStart` on.
    var queued: [WebSocketEngine.Outgoing] = []
    var queuedStart = 0
    /// The engine's close request, written after its frames.
    var closeRequest: (code: UInt16, reason: String)?
    var closeSent = false
    var closeReceived = false
    /// When the close handshake (or waiting for the server's end of stream after it) gives up.
    var closingDeadline: ContinuousClock.Instant?
    /// How the message stream ends, once known.
    var ending: Result<Void, WebSocketError>?
    /// Whether the connection is to be dropped now (after a protocol violation).
    var dropNow = false
    /// Whether the server ended the stream; frames it sent before are still handed on as the
    /// consumer makes room, then the connection ends.
    var peerEnded = false
    /// Whether frames can still be written (not after a write failed once the server ended the stream).
    var writable = true
    private let readBuffer = ReceiveBuffer(capacity: 64 * 1024)

    /// A frame on its way out and who waits for it.
    struct Pending {
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
            let socketEvents = (reading ? EventLoop.readable : 0) | blockedOn
            let interests = socketEvents == 0 ? [] : [EventLoop.Interest(descriptor: stream.descriptor, events: socketEvents)]
            let ready: EventLoop.Readiness
            do {
                // The flag ends the wait when the engine has work: the next turn takes it.
                ready = try await EventLoop.current.wait(for: interests, orWakeUp: engine.wakeUp, until: closingDeadline)
            } catch let error as HTTPTransportError where error.kind == .timedOut {
                return
            }
            if Task.isCancelled { throw CancellationError() }
            // Anything but "writable only" may be bytes to read: an end of stream or an error too.
            if reading && socketEvents != 0 && ready.events[0] & ~EventLoop.writable != 0 { try await readAvailable() }
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
}
