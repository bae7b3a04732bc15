import SystemErrorText

/// Why a terminal could not be taken over; nothing about the terminal has changed then.
public enum TerminalDeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input descriptor is no terminal (`tcgetattr` failed with `code`).
    case notATerminal(descriptor: Int32, code: Int32)
    /// The terminal refused raw mode (`tcsetattr` failed with `code`).
    case rawModeRefused(code: Int32)
    /// The pipe that wakes the input thread could not be made.
    case noWakePipe(code: Int32)
    /// No thread could be started to read the keys.
    case noInputThread
    /// ``TerminalDevice/start()`` was called while the terminal was already taken over.
    case alreadyStarted

    public var description: String {
        switch self {
        case .notATerminal(let descriptor, let code):
            "The full-screen app needs a terminal, and descriptor \(descriptor) is not one (\(SystemErrorText.describe(code)))."
        case .rawModeRefused(let code):
            "The terminal could not be switched to raw mode: \(SystemErrorText.describe(code))."
        case .noWakePipe(let code):
            "The terminal's input could not be watched: \(SystemErrorText.describe(code))."
        case .noInputThread:
            "The terminal's input could not be watched: no thread could be started."
        case .alreadyStarted:
            "The terminal is already in use by the full-screen app."
        }
    }
}
