import Domain
import InMemoryAdapters
import Ports
import TerminalModel
import Testing

/// `rocket-reserver app` over the in-memory adapters and a scripted terminal: it needs a
/// terminal, refuses a dumb one, runs the tutorial's flow on the use cases, and always gives
/// the terminal back.
@Suite("app", .timeLimit(.minutes(1)))
struct AppCommandCLITests {
    @Test func withoutATerminalItExits64NamingTheCommands() async throws {
        let harness = try CLIHarness()
        #expect(await harness.run("app") == .usage)
        #expect(harness.stderr.text.contains("needs a terminal on both standard input and standard output"), "\(harness.stderr.text)")
        #expect(harness.stderr.text.contains("launches, details, book, cancel, trips and watch"))
    }

    @Test func aDumbTerminalIsRefusedAndLeftAlone() async throws {
        let terminal = ScriptedTerminal()
        let harness = try CLIHarness(variables: ["TERM": "dumb"], fullScreen: terminal)
        #expect(await harness.run("app") == .usage)
        #expect(harness.stderr.text.contains("TERM=dumb"), "\(harness.stderr.text)")
        #expect(!terminal.started)
    }

    @Test func argumentsAndOfflineAreRefused() async throws {
        let harness = try CLIHarness(fullScreen: ScriptedTerminal())
        #expect(await harness.run("app", "3") == .usage)
        #expect(await harness.run("--offline", "app") == .usage)
    }

    @Test func bookingFromTheDetailsGoesThroughTheLoginSheetAndQuittingGivesTheTerminalBack() async throws {
        let terminal = ScriptedTerminal()
        let harness = try CLIHarness(fullScreen: terminal)
        let app = Task { await harness.run("app") }
        let list = await terminal.frame { $0.contains("MISSION") && $0.contains("not logged in") }
        #expect(list != nil)
        terminal.press(.enter)
        #expect(await terminal.frame { $0.contains("Book now!") } != nil)
        terminal.press(.character("b"))
        #expect(await terminal.frame { $0.contains("Email:") } != nil)
        terminal.press(.paste("me@example.com"))
        terminal.press(.enter)
        let booked = await terminal.frame { $0.contains("Cancel trip") && $0.contains("me@example.com") }
        #expect(booked?.contains("Booked:     yes") == true, "\(booked ?? "no frame")")
        #expect(try await harness.credentials.credential()?.email.rawValue == "me@example.com")
        terminal.press(.escape)
        terminal.press(.character("q"))
        #expect(await app.value == .success)
        #expect(terminal.stops >= 1)
    }

    @Test func ctrlCQuitsFromTheLoginSheet() async throws {
        let terminal = ScriptedTerminal()
        let harness = try CLIHarness(fullScreen: terminal)
        let app = Task { await harness.run("app") }
        _ = await terminal.frame { $0.contains("MISSION") }
        terminal.press(.character("l"))
        _ = await terminal.frame { $0.contains("Email:") }
        terminal.press(.control("c"))
        #expect(await app.value == .success)
        #expect(terminal.stops >= 1)
    }
}
