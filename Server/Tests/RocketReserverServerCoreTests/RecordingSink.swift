import Foundation
import RocketReserverServerCore
import Synchronization

/// What a connection wrote: a text message, the start of a held send, or the close frame.
enum SinkEvent: Sendable, Equatable {
    case text(String)
    case sendHeld
    case close(code: UInt16, reason: String)

    /// The message's JSON object, for a text event.
    var json: [String: Any]? {
        guard case .text(let text) = self else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The message's `type`, for a text event.
    var type: String? {
        json?["type"] as? String
    }
}

/// A ``WebSocketMessageSink`` that records what the connection writes, in order, as an async
/// stream; while `hold()` is in force, every send waits (a slow subscriber) until `release()`.
final class RecordingSink: WebSocketMessageSink {
    let events: AsyncStream<SinkEvent>
    private let continuation: AsyncStream<SinkEvent>.Continuation
    private let gate = Mutex<(held: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    init() {
        (events, continuation) = AsyncStream.makeStream(of: SinkEvent.self)
    }

    func send(_ text: String) async throws {
        let mustWait = gate.withLock { $0.held }
        if mustWait {
            continuation.yield(.sendHeld)
            await withCheckedContinuation { waiter in
                let stillHeld = gate.withLock { state in
                    if state.held { state.waiters.append(waiter) }
                    return state.held
                }
                if !stillHeld { waiter.resume() }
            }
        }
        continuation.yield(.text(text))
    }

    func close(code: UInt16, reason: String) async throws {
        continuation.yield(.close(code: code, reason: reason))
    }

    /// Ends the event stream (once the connection has stopped), so reading past the last event ends.
    func finishForTest() {
        continuation.finish()
    }

    /// Makes every following send wait until `release()`.
    func hold() {
        gate.withLock { $0.held = true }
    }

    /// Lets waiting and later sends through.
    func release() {
        let waiters = gate.withLock { state in
            state.held = false
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
