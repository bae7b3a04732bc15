import Domain
import TerminalModel

extension AppReducer {
    /// Keys of the login sheet: every printable key is text; Enter submits, Esc cancels.
    static func loginKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
        guard var sheet = state.login else { return [] }
        switch key {
        case .escape:
            state.login = nil
            return []
        case .enter:
            return submit(&state)
        default:
            break
        }
        guard !sheet.isSubmitting else { return [] }
        switch key {
        case .character(let character): sheet.field.insert(String(character))
        case .paste(let text): sheet.field.insert(text)
        case .left, .control("b"): sheet.field.moveLeft()
        case .right, .control("f"): sheet.field.moveRight()
        case .home, .control("a"): sheet.field.moveToStart()
        case .end, .control("e"): sheet.field.moveToEnd()
        case .backspace, .control("h"): sheet.field.deleteBackward()
        case .delete, .control("d"): sheet.field.deleteForward()
        case .control("u"): sheet.field.clear()
        default: return []
        }
        // Typing again answers the refusal.
        sheet.error = nil
        state.login = sheet
        return []
    }

    /// Sends the typed email, once: a second Enter while it runs does nothing.
    static func submit(_ state: inout AppState) -> [AppEffect] {
        guard var sheet = state.login, !sheet.isSubmitting else { return [] }
        let email = trimmed(sheet.field.text)
        guard !email.isEmpty else {
            sheet.error = "Type the email address to log in with."
            state.login = sheet
            return []
        }
        sheet.isSubmitting = true
        sheet.error = nil
        state.login = sheet
        return [.logIn(email: email)]
    }

    /// Logged in: the sheet closes, and the booking that opened it goes on.
    static func loginFinished(_ state: inout AppState, _ email: EmailAddress) -> [AppEffect] {
        state.user = email
        let sheet = state.login
        state.login = nil
        state.message = StatusMessage("Logged in as \(email.rawValue).", isError: false)
        guard let id = sheet?.bookingAfterLogin, state.pendingBookings[id] == nil else { return [] }
        return send(&state, .book, id)
    }

    /// Refused: the sheet shows why and takes the field again (the message line, if the sheet was closed).
    static func loginFailed(_ state: inout AppState, message: String) {
        guard state.login != nil else {
            state.message = StatusMessage(message, isError: true)
            return
        }
        state.login?.isSubmitting = false
        state.login?.error = message
    }

    /// Who is logged in changed (a login, a logout, an expired session).
    static func signedIn(_ state: inout AppState, _ email: EmailAddress?) {
        state.user = email
        if email == nil {
            state.account = nil
            state.bookedIDs = []
            revealTrips(&state)
        }
    }

    /// The text without leading or trailing spaces.
    static func trimmed(_ text: String) -> String {
        var characters = Substring(text)
        while characters.first?.isWhitespace == true { characters.removeFirst() }
        while characters.last?.isWhitespace == true { characters.removeLast() }
        return String(characters)
    }
}
