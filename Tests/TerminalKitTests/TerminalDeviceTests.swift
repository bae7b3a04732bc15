#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TerminalKit
import TerminalModel
import Testing

/// The terminal device over a real pseudo-terminal: raw mode in and exact settings out, keys,
/// resizes, suspension, frames. Serialized: SIGWINCH, SIGTSTP and SIGCONT are process-wide,
/// and these tests send them to the test process.
@Suite("Terminal device", .serialized, .timeLimit(.minutes(1)))
struct TerminalDeviceTests {
    /// What a test's suspend action saw: the slave's settings and the screen's bytes then.
    final class Suspensions: Sendable {
        let seen = Mutex<[(settings: TerminalSettings, screen: [UInt8])]>([])
    }

    static func device(on terminal: PseudoTerminal, suspensions: Suspensions = Suspensions()) -> TerminalDevice {
        let slave = terminal.slave
        nonisolated(unsafe) let terminal = terminal
        return TerminalDevice(input: slave, output: slave) {
            let settings = TerminalSettings(terminal.settings())
            let screen = terminal.screenOutput()
            suspensions.seen.withLock { $0.append((settings, screen)) }
        }
    }

    /// The next event that is not a resize (unless resizes are what is awaited).
    static func next(_ events: inout AsyncStream<TerminalEvent>.Iterator, skippingResizes: Bool = true) async -> TerminalEvent? {
        while let event = await events.next() {
            if skippingResizes, case .resized = event { continue }
            return event
        }
        return nil
    }

    @Test("start puts the terminal in raw mode on the alternate screen; stop restores every setting exactly, once")
    func rawModeInAndOut() throws {
        let terminal = try #require(PseudoTerminal.open())
        let before = TerminalSettings(terminal.settings())
        #expect(before.local & UInt32(ICANON) != 0)  // a new pseudo-terminal is cooked
        let device = Self.device(on: terminal)
        _ = try device.start()
        let raw = terminal.settings()
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(IXON | ICRNL) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        #expect(withUnsafeBytes(of: raw.c_cc) { [$0[Int(VMIN)], $0[Int(VTIME)]] } == [1, 0])
        let takeOver = terminal.screenOutput()
        #expect(takeOver.contains("\u{1B}[?1049h") && takeOver.contains("\u{1B}[?25l") && takeOver.contains("\u{1B}[?2004h"))
        #expect(throws: TerminalDeviceError.alreadyStarted) { try device.start() }

        device.stop()
        #expect(TerminalSettings(terminal.settings()) == before)
        let giveBack = terminal.screenOutput()
        #expect(giveBack.contains("\u{1B}[?1049l") && giveBack.contains("\u{1B}[?25h") && giveBack.contains("\u{1B}[?2004l") && giveBack.contains("\u{1B}[0m"))
        device.stop()
        #expect(terminal.screenOutput().isEmpty)
        #expect(TerminalSettings(terminal.settings()) == before)
    }

    @Test("Settings that differ from the defaults come back exactly too, and the device can start again")
    func unusualSettings() throws {
        let terminal = try #require(PseudoTerminal.open())
        var unusual = terminal.settings()
        unusual.c_lflag &= ~tcflag_t(ECHOE)
        unusual.c_iflag |= tcflag_t(IXANY)
        withUnsafeMutableBytes(of: &unusual.c_cc) { $0[Int(VERASE)] = 0x08 }
        cfsetispeed(&unusual, speed_t(B9600))
        cfsetospeed(&unusual, speed_t(B9600))
        #expect(tcsetattr(terminal.slave, TCSANOW, &unusual) == 0)
        let before = TerminalSettings(terminal.settings())
        let device = Self.device(on: terminal)
        for _ in 0..<2 {
            _ = try device.start()
            #expect(TerminalSettings(terminal.settings()) != before)
            device.stop()
            #expect(TerminalSettings(terminal.settings()) == before)
        }
    }

    @Test("A descriptor that is no terminal is refused, and nothing is written")
    func notATerminal() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let device = TerminalDevice(input: ends[0], output: ends[1])
        #expect(throws: TerminalDeviceError.notATerminal(descriptor: ends[0], code: ENOTTY)) { try device.start() }
        device.stop()
    }

    @Test("Keys typed at the terminal arrive as events: sequences, text, Ctrl-C, a lone Escape, a paste")
    func keys() async throws {
        let terminal = try #require(PseudoTerminal.open())
        let device = Self.device(on: terminal)
        var events = try device.start().makeAsyncIterator()
        defer { device.stop() }
        terminal.type("a\u{1B}[A\u{03}é\r")
        for expected: Key in [.character("a"), .up, .control("c"), .character("é"), .enter] {
            #expect(await Self.next(&events) == .key(expected))
        }
        terminal.type("\u{1B}")
        #expect(await Self.next(&events) == .key(.escape))
        terminal.type("\u{1B}[200~q\u{1B}[B\u{03}\u{1B}[201~")
        #expect(await Self.next(&events) == .key(.paste("q[B")))
        // A sequence typed in two writes is one key.
        terminal.type("\u{1B}[5")
        terminal.type("~")
        #expect(await Self.next(&events) == .key(.pageUp))
    }

    @Test("A resize (SIGWINCH) reports the new size and the next frame is drawn whole")
    func resize() async throws {
        let terminal = try #require(PseudoTerminal.open())
        terminal.resize(columns: 100, rows: 30)
        let device = Self.device(on: terminal)
        #expect(device.size() == TerminalSize(columns: 100, rows: 30))
        var events = try device.start().makeAsyncIterator()
        defer { device.stop() }
        var frame = Frame(width: 100, height: 30)
        frame.put("hello", row: 0, column: 0)
        #expect(device.draw(frame) > 0)
        _ = terminal.screenOutput()
        terminal.resize(columns: 120, rows: 40)
        kill(getpid(), SIGWINCH)
        #expect(await Self.next(&events, skippingResizes: false) == .resized(TerminalSize(columns: 120, rows: 40)))
        #expect(device.size() == TerminalSize(columns: 120, rows: 40))
        // Same frame, but the screen is unknown after a resize: drawn whole.
        let written = device.draw(frame)
        let screen = terminal.screenOutput()
        #expect(written == screen.count)
        #expect(screen.contains("\u{1B}[2J") && screen.contains("hello"))
    }

    @Test("draw writes the frame's changes and returns their byte count; an unchanged frame writes nothing")
    func draw() throws {
        let terminal = try #require(PseudoTerminal.open())
        terminal.resize(columns: 20, rows: 3)
        let device = Self.device(on: terminal)
        var frame = Frame(width: 20, height: 3)
        frame.put("Launches", row: 0, column: 0, style: TextStyle(.bold))
        #expect(device.draw(frame) == 0)  // not started: nothing to draw on
        _ = try device.start()
        defer { device.stop() }
        _ = terminal.screenOutput()
        let written = device.draw(frame)
        #expect(written > 0)
        #expect(terminal.screenOutput().count == written)
        #expect(device.draw(frame) == 0)
        frame.put("x", row: 2, column: 5)
        let change = device.draw(frame)
        let screen = terminal.screenOutput()
        #expect(change == screen.count)
        #expect(String(decoding: screen, as: UTF8.self) == "\u{1B}[3;6Hx")
    }

    @Test("Ctrl-Z gives the terminal back exactly, suspends, takes it over again and asks for a whole redraw")
    func controlZ() async throws {
        let terminal = try #require(PseudoTerminal.open())
        let before = TerminalSettings(terminal.settings())
        let suspensions = Suspensions()
        let device = Self.device(on: terminal, suspensions: suspensions)
        var events = try device.start().makeAsyncIterator()
        defer { device.stop() }
        var frame = Frame(width: 80, height: 24)
        frame.put("list", row: 0, column: 0)
        device.draw(frame)
        _ = terminal.screenOutput()
        terminal.type("a\u{1A}b")
        #expect(await Self.next(&events) == .key(.character("a")))
        #expect(await Self.next(&events) == .redraw)
        #expect(await Self.next(&events) == .key(.character("b")))
        let seen = suspensions.seen.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.settings == before)
        #expect(seen.first?.screen.contains("\u{1B}[?1049l") == true)
        #expect(TerminalSettings(terminal.settings()) != before)
        #expect(terminal.screenOutput().contains("\u{1B}[?1049h"))
        // The screen is unknown after a suspension: the same frame is drawn whole.
        device.draw(frame)
        #expect(terminal.screenOutput().contains("\u{1B}[2J"))
    }

    @Test("A SIGTSTP from outside suspends as Ctrl-Z does; a SIGCONT after a stop from outside asks for a redraw")
    func signals() async throws {
        let terminal = try #require(PseudoTerminal.open())
        let before = TerminalSettings(terminal.settings())
        let suspensions = Suspensions()
        let device = Self.device(on: terminal, suspensions: suspensions)
        var events = try device.start().makeAsyncIterator()
        defer { device.stop() }
        kill(getpid(), SIGCONT)
        #expect(await Self.next(&events) == .redraw)
        #expect(suspensions.seen.withLock { $0.isEmpty })
        kill(getpid(), SIGTSTP)
        #expect(await Self.next(&events) == .redraw)
        #expect(suspensions.seen.withLock { $0.map(\.settings) } == [before])
    }

    @Test("When the terminal hangs up the events end, drawing fails quietly, and stop still works")
    func hangUp() async throws {
        let terminal = try #require(PseudoTerminal.open())
        let device = Self.device(on: terminal)
        var events = try device.start().makeAsyncIterator()
        terminal.closeMaster()
        while let event = await events.next() {
            if case .resized = event { continue }
            Issue.record("unexpected \(event)")
        }
        var frame = Frame(width: 80, height: 24)
        frame.put("gone", row: 0, column: 0)
        #expect(device.draw(frame) == 0)
        #expect(device.draw(frame) == 0)
        device.stop()
        device.stop()
    }

    @Test("stop from another thread ends the event stream")
    func stopFromAnotherThread() async throws {
        let terminal = try #require(PseudoTerminal.open())
        let device = Self.device(on: terminal)
        var events = try device.start().makeAsyncIterator()
        let stopper = Task.detached { device.stop() }
        await stopper.value
        while let event = await events.next() {
            if case .resized = event { continue }
            Issue.record("unexpected \(event)")
        }
        #expect(terminal.settings().c_lflag & tcflag_t(ICANON) != 0)
    }
}
