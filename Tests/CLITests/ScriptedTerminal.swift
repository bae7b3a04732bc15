import Presentation
import Synchronization
import TerminalModel

/// A full-screen terminal in memory: the test sends keys, and reads the frames the app drew.
final class ScriptedTerminal: FullScreenTerminal {
    private struct State {
        var frames: [Frame] = []
        var stops = 0
        var started = false
    }

    private let state = Mutex(State())
    private let keys: AsyncStream<TerminalEvent>
    private let input: AsyncStream<TerminalEvent>.Continuation
    private let drawn: AsyncStream<Frame>
    private let drawing: AsyncStream<Frame>.Continuation
    let columns: Int
    let rows: Int

    init(columns: Int = 80, rows: Int = 24) {
        self.columns = columns
        self.rows = rows
        (keys, input) = AsyncStream.makeStream(of: TerminalEvent.self)
        (drawn, drawing) = AsyncStream.makeStream(of: Frame.self)
    }

    func size() -> TerminalSize { TerminalSize(columns: columns, rows: rows) }

    func start() throws -> AsyncStream<TerminalEvent> {
        state.withLock { $0.started = true }
        return keys
    }

    @discardableResult
    func draw(_ frame: Frame) -> Int {
        state.withLock { $0.frames.append(frame) }
        drawing.yield(frame)
        return frame.cells.count
    }

    func stop() {
        state.withLock { $0.stops += 1 }
        input.finish()
        drawing.finish()
    }

    var stops: Int { state.withLock { $0.stops } }
    var started: Bool { state.withLock { $0.started } }

    func press(_ key: Key) { input.yield(.key(key)) }

    /// Waits for the first frame drawn from now on whose text satisfies `condition` (`nil` when
    /// the app stopped first). Frames drawn before the call were already consumed by earlier waits.
    func frame(where condition: (String) -> Bool) async -> String? {
        for await frame in drawn {
            let text = frame.lines.joined(separator: "\n")
            if condition(text) { return text }
        }
        return nil
    }
}
