import TerminalModel

/// Turns the bytes a terminal sends in raw mode into keys, whatever way the reads split them.
///
/// A sequence cut anywhere (an escape sequence, a UTF-8 character, a bracketed paste) is kept
/// until its next bytes arrive; only a lone `ESC` is ambiguous, so the reader calls
/// ``flushPending()`` once no byte has followed it for a moment (``hasPending``).
///
/// What it reads:
/// - `ESC [` (CSI) and `ESC O` (SS3) arrows, Home/End, Insert/Delete, PgUp/PgDn, F1–F12 and
///   `ESC [ Z` (back tab), in their xterm, vt and Linux-console forms; a modifier parameter
///   (`ESC [ 1 ; 5 A`, Ctrl-Up) gives the plain key.
/// - Enter as CR, LF or CRLF (one key), Backspace as DEL or BS, Tab, Ctrl-letters as
///   ``Key/control(_:)``; NUL and Ctrl-`\` `]` `^` `_` as ``Key/unknown``.
/// - UTF-8 text, one ``Key/character(_:)`` per grapheme cluster of the scalars that arrived in
///   one ``feed(_:)`` (a combining mark in a later read is a character of its own); invalid
///   UTF-8 is U+FFFD, a C1 control ``Key/unknown``.
/// - Bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) as one ``Key/paste(_:)``, never as keys:
///   see ``PastedText`` for what is kept of it; at most ``pasteLimit`` bytes, the rest dropped.
/// - Any other complete sequence (a final byte 0x40–0x7E) as ``Key/unknown``; runs of unknown
///   sequences are reported once, and a sequence's parameters are kept to
///   ``parameterLimit`` bytes, so a flood of garbage costs no memory.
/// - Alt-x (`ESC x` in one read) is ``Key/escape`` followed by the key: nothing typed is lost,
///   and Alt shortcuts are not told apart from Escape then the key.
public struct KeyDecoder: Sendable {
    /// The most bytes of one bracketed paste kept; the rest of it is dropped.
    public static let pasteLimit = 64 * 1024
    /// The most parameter and intermediate bytes of one escape sequence kept.
    public static let parameterLimit = 16

    // The state is internal, not private: the extensions in KeyDecoder+*.swift read and change it.

    enum State: Sendable {
        case ground
        /// After `ESC`.
        case escape
        /// After `ESC [`: parameter and intermediate bytes so far.
        case csi
        /// After `ESC [ [` (the Linux console's F1–F5).
        case consoleFunction
        /// After `ESC O`.
        case ss3
        /// Inside a bracketed paste: how many bytes of `ESC [ 201 ~` have matched.
        case paste(matched: Int)
    }

    var state = State.ground
    /// The parameter bytes of the sequence being read (at most ``parameterLimit``).
    var parameters: [UInt8] = []
    /// Whether the sequence being read had more parameter bytes than were kept.
    var parametersOverflowed = false
    /// The bytes of an unfinished UTF-8 character.
    var partialCharacter: [UInt8] = []
    /// Whether the last byte was a CR (an LF right after it is the same Enter).
    var afterCarriageReturn = false
    /// The paste being read (at most ``pasteLimit`` bytes).
    var pasted: [UInt8] = []

    /// Keys decoded in the current ``feed(_:)`` and the text run not yet split into characters.
    var output: [Key] = []
    var text = String.UnicodeScalarView()

    public init() {}

    /// Whether bytes are waiting that a timeout must resolve: a lone `ESC`, or an escape
    /// sequence cut short. A paste in progress is not pending: it waits for its end.
    public var hasPending: Bool {
        switch state {
        case .escape, .csi, .consoleFunction, .ss3: return true
        case .ground, .paste: return false
        }
    }

    /// The keys `bytes` complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Key] {
        for byte in bytes { consume(byte) }
        return takeOutput()
    }

    /// Resolves what ``hasPending`` reports once no byte has followed it: a lone `ESC` is the
    /// Escape key, `ESC [` and `ESC O` are Escape then the character (Alt-[, Alt-O), a
    /// sequence cut short after its parameters is ``Key/unknown``.
    public mutating func flushPending() -> [Key] {
        switch state {
        case .escape:
            emit(.escape)
        case .csi where parameters.isEmpty && !parametersOverflowed:
            emit(.escape)
            emit(.character("["))
        case .csi, .consoleFunction:
            emit(.unknown)
        case .ss3 where !parameters.isEmpty || parametersOverflowed:
            emit(.unknown)
        case .ss3:
            emit(.escape)
            emit(.character("O"))
        case .ground, .paste:
            break
        }
        if hasPending { state = .ground }
        return takeOutput()
    }

    // MARK: Output

    mutating func emit(_ key: Key) {
        flushText()
        // A run of unknown sequences (garbage, a flood) is one unknown key.
        if case .unknown = key, case .unknown? = output.last { return }
        output.append(key)
    }

    /// Splits the text run into grapheme clusters.
    private mutating func flushText() {
        guard !text.isEmpty else { return }
        for character in String(text) { output.append(.character(character)) }
        text.removeAll(keepingCapacity: true)
    }

    private mutating func takeOutput() -> [Key] {
        flushText()
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }
}
