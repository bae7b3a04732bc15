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

    private enum State: Sendable {
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

    private var state = State.ground
    /// The parameter bytes of the sequence being read (at most ``parameterLimit``).
    private var parameters: [UInt8] = []
    /// Whether the sequence being read had more parameter bytes than were kept.
    private var parametersOverflowed = false
    /// The bytes of an unfinished UTF-8 character.
    private var partialCharacter: [UInt8] = []
    /// Whether the last byte was a CR (an LF right after it is the same Enter).
    private var afterCarriageReturn = false
    /// The paste being read (at most ``pasteLimit`` bytes).
    private var pasted: [UInt8] = []

    /// Keys decoded in the current ``feed(_:)`` and the text run not yet split into characters.
    private var output: [Key] = []
    private var text = String.UnicodeScalarView()

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

    // MARK: Bytes

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .csi: csi(byte)
        case .consoleFunction: consoleFunction(byte)
        case .ss3: ss3(byte)
        case .paste(let matched): paste(byte, matched: matched)
        }
    }

    private mutating func ground(_ byte: UInt8) {
        let wasAfterCarriageReturn = afterCarriageReturn
        afterCarriageReturn = false
        if !partialCharacter.isEmpty || byte >= 0x80 {
            utf8(byte)
            return
        }
        switch byte {
        case 0x0D:
            afterCarriageReturn = true
            emit(.enter)
        case 0x0A:
            if !wasAfterCarriageReturn { emit(.enter) }
        case 0x09: emit(.tab)
        case 0x08, 0x7F: emit(.backspace)
        case 0x1B: begin(.escape)
        case 0x01...0x1A: emit(.control(Character(Unicode.Scalar(byte + 0x60))))
        case 0x00, 0x1C...0x1F: emit(.unknown)
        default: text.append(Unicode.Scalar(byte))
        }
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "["): begin(.csi)
        case UInt8(ascii: "O"): begin(.ss3)
        case 0x1B:
            emit(.escape)  // ESC ESC: the first one stood alone
        default:
            // Alt-x: Escape, then the byte as it would be on its own.
            emit(.escape)
            state = .ground
            ground(byte)
        }
    }

    private mutating func csi(_ byte: UInt8) {
        switch byte {
        case 0x20...0x3F:
            keepParameter(byte)
        case UInt8(ascii: "[") where parameters.isEmpty && !parametersOverflowed:
            state = .consoleFunction
        case 0x40...0x7E:
            state = .ground
            if parametersOverflowed {
                emit(.unknown)
            } else {
                switch EscapeSequences.csi(parameters: parameters, final: byte) {
                case .key(let key):
                    emit(key)
                case .pasteStart:
                    pasted.removeAll(keepingCapacity: true)
                    state = .paste(matched: 0)
                }
            }
        default:
            // A control or non-ASCII byte cuts the sequence short; the byte counts on its own.
            state = .ground
            emit(.unknown)
            ground(byte)
        }
    }

    private mutating func consoleFunction(_ byte: UInt8) {
        state = .ground
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "E"): emit(.function(Int(byte - UInt8(ascii: "A")) + 1))
        case 0x20...0x7E: emit(.unknown)
        default:
            emit(.unknown)
            ground(byte)
        }
    }

    private mutating func ss3(_ byte: UInt8) {
        switch byte {
        case 0x20...0x3F:
            keepParameter(byte)
        case 0x40...0x7E:
            state = .ground
            emit(parametersOverflowed ? .unknown : EscapeSequences.ss3(final: byte) ?? .unknown)
        default:
            state = .ground
            emit(.unknown)
            ground(byte)
        }
    }

    private mutating func paste(_ byte: UInt8, matched: Int) {
        let end = EscapeSequences.pasteEnd
        if byte == end[matched] {
            if matched + 1 == end.count {
                state = .ground
                let text = PastedText.clean(pasted)
                pasted.removeAll()
                if !text.isEmpty { emit(.paste(text)) }
            } else {
                state = .paste(matched: matched + 1)
            }
            return
        }
        // The bytes that looked like the end were text; this byte may start the end again.
        keepPasted(end[0..<matched])
        if byte == end[0] {
            state = .paste(matched: 1)
        } else {
            keepPasted(CollectionOfOne(byte))
            state = .paste(matched: 0)
        }
    }

    private mutating func keepPasted(_ bytes: some Collection<UInt8>) {
        let room = Self.pasteLimit - pasted.count
        guard room > 0 else { return }
        pasted.append(contentsOf: bytes.prefix(room))
    }

    private mutating func keepParameter(_ byte: UInt8) {
        if parameters.count < Self.parameterLimit {
            parameters.append(byte)
        } else {
            parametersOverflowed = true
        }
    }

    private mutating func begin(_ next: State) {
        parameters.removeAll(keepingCapacity: true)
        parametersOverflowed = false
        state = next
    }

    // MARK: UTF-8

    /// Adds `byte` to the character being read; emits it once whole, U+FFFD once it cannot be.
    private mutating func utf8(_ byte: UInt8) {
        if partialCharacter.isEmpty {
            guard UTF8Lead.length(of: byte) != nil else {
                text.append("\u{FFFD}")
                return
            }
            partialCharacter.append(byte)
            return
        }
        guard UTF8Lead.accepts(byte, after: partialCharacter) else {
            // The character ends here, broken; the byte is read again on its own.
            partialCharacter.removeAll(keepingCapacity: true)
            text.append("\u{FFFD}")
            ground(byte)
            return
        }
        partialCharacter.append(byte)
        guard partialCharacter.count == UTF8Lead.length(of: partialCharacter[0]) else { return }
        let scalar = UTF8Lead.decode(partialCharacter)
        partialCharacter.removeAll(keepingCapacity: true)
        if (0x80...0x9F).contains(scalar.value) {
            emit(.unknown)  // a C1 control
        } else {
            text.append(scalar)
        }
    }

    // MARK: Output

    private mutating func emit(_ key: Key) {
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
