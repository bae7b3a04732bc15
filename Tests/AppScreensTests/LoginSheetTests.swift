import AppScreens
import Domain
import TerminalModel
import Testing

/// The login sheet: every printable key is text, Enter submits once, refusals show on the sheet.
@Suite("Login sheet", .timeLimit(.minutes(1)))
struct LoginSheetTests {
    static func withSheet() -> Harness {
        var app = Harness(launches: 10)
        app.press(.character("l"))
        return app
    }

    @Test("l opens the sheet from every screen; Esc closes it and the screen is as it was")
    func opens() {
        var app = Harness(launches: 10)
        for screenKeys in [[Key](), [.enter], [.character("t")]] {
            app.press(.escape, .escape)
            for key in screenKeys { app.press(key) }
            let screen = app.state.screen
            #expect(app.press(.character("l")) == [])
            #expect(app.state.login != nil)
            #expect(app.text.contains("Log in with your email address."))
            #expect(app.press(.escape) == [])
            #expect(app.state.login == nil)
            #expect(app.state.screen == screen)
        }
    }

    @Test("Command keys are text on the sheet")
    func keysAreText() {
        var app = Self.withSheet()
        #expect(app.type("qjkbltr?gG") == [])
        #expect(app.state.login?.field.text == "qjkbltr?gG")
        #expect(app.state.screen == .launches)
        #expect(app.state.launches.position.selection == 0)
        #expect(!app.state.showsHelp)
        #expect(app.text.contains("Email: qjkbltr?gG"))
    }

    @Test("←, →, Home, End, Backspace, Delete and Ctrl-U edit at the cursor")
    func editing() {
        var app = Self.withSheet()
        app.type("ac")
        app.press(.left)
        app.type("b")
        #expect(app.state.login?.field.text == "abc")
        app.press(.home)
        app.type("_")
        #expect(app.state.login?.field.text == "_abc")
        app.press(.delete)
        #expect(app.state.login?.field.text == "_bc")
        app.press(.end, .backspace)
        #expect(app.state.login?.field.text == "_b")
        // → stops at the end, ← at the start, where Backspace has nothing to delete.
        app.press(.right, .right, .left, .left, .left, .backspace, .delete)
        #expect(app.state.login?.field.text == "b")
        #expect(app.state.login?.field.cursor == 0)
        app.press(.control("u"))
        #expect(app.state.login?.field.text == "")
        #expect(app.state.login?.field.cursor == 0)
        app.press(.backspace, .delete, .left)
        #expect(app.state.login?.field.text == "")
    }

    @Test("A paste inserts its text without newlines or controls, up to the field's length")
    func paste() {
        var app = Self.withSheet()
        app.type("<>")
        app.press(.left)
        app.press(.paste("ada@\nrocket\r\n.inv\u{1B}alid"))
        #expect(app.state.login?.field.text == "<ada@rocket.invalid>")
        app.press(.paste(String(repeating: "x", count: 1_000)))
        #expect(app.state.login?.field.characters.count == LoginField.maximumLength)
        app.type("y")
        #expect(app.state.login?.field.characters.count == LoginField.maximumLength)
        #expect(app.state.login?.field.text.contains("y") == false)
    }

    @Test("Enter sends the typed email once and shows Logging in…; keys wait for the answer")
    func submit() {
        var app = Self.withSheet()
        app.type(" ada@rocket.invalid ")
        #expect(app.press(.enter) == [.logIn(email: "ada@rocket.invalid")])
        #expect(app.text.contains("Logging in…"))
        #expect(app.press(.enter) == [])
        app.type("x")
        app.press(.backspace)
        #expect(app.state.login?.field.text == " ada@rocket.invalid ")
    }

    @Test("An empty field is not sent")
    func emptyField() {
        var app = Self.withSheet()
        app.type("  ")
        #expect(app.press(.enter) == [])
        #expect(app.text.contains("Type the email address to log in with."))
    }

    @Test("A refusal shows the driver's sentence on the sheet, and typing again clears it")
    func refused() {
        var app = Self.withSheet()
        app.type("nobody")
        app.press(.enter)
        app.send(.loginFailed(message: "nobody is not an email address."))
        #expect(app.state.login?.error == "nobody is not an email address.")
        #expect(app.state.login?.isSubmitting == false)
        let sheetRows = app.lines.filter { $0.contains("│") }
        #expect(sheetRows.contains { $0.contains("nobody is not an email address.") })
        #expect(app.press(.enter) == [.logIn(email: "nobody")])
        app.send(.loginFailed(message: "Refused."))
        app.type("@")
        #expect(app.state.login?.error == nil)
    }

    @Test("A login that finishes closes the sheet and names the user on the status line")
    func finished() {
        var app = Self.withSheet()
        app.type("ada@rocket.invalid")
        app.press(.enter)
        #expect(app.send(.loginFinished(Fixture.email())) == [])
        #expect(app.state.login == nil)
        #expect(app.lines[23].contains("rocket.invalid · ada@rocket.invalid"))
        #expect(app.lines[22].contains("Logged in as ada@rocket.invalid."))
    }

    @Test("A refusal that arrives after the sheet was closed goes on the message line")
    func refusedAfterClose() {
        var app = Self.withSheet()
        app.type("x")
        app.press(.enter, .escape)
        app.send(.loginFailed(message: "Refused."))
        #expect(app.lines[22].contains("Refused."))
    }

    @Test("A long email scrolls so the cursor stays in the field")
    func scrolling() {
        var app = Harness(size: TerminalSize(columns: 40, rows: 12), launches: 3)
        app.press(.character("l"))
        app.type(String(repeating: "a", count: 60) + "Z")
        let fieldRow = app.lines.first { $0.contains("Email:") } ?? ""
        #expect(fieldRow.contains("aZ"))
        app.press(.home)
        let atStart = app.lines.first { $0.contains("Email:") } ?? ""
        #expect(!atStart.contains("Z"))
        #expect(TerminalCellWidth.of(atStart) == 40)
    }
}
