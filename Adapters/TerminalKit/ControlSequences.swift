import TerminalModel

/// The escape sequences the terminal adapter writes (xterm's, which every current terminal reads).
enum ControlSequences {
    /// Alternate screen on, cursor hidden, bracketed paste on.
    static let takeOver: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h".utf8)
    /// Plain style, bracketed paste off, cursor shown, alternate screen off: ``takeOver`` undone.
    static let giveBack: [UInt8] = Array("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)
    /// Plain style, cursor home, screen erased.
    static let clearScreen: [UInt8] = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
    /// Erase from the cursor to the end of the line.
    static let eraseToEndOfLine: [UInt8] = Array("\u{1B}[K".utf8)

    /// Moves the cursor to the zero-based `row` and `column`.
    static func moveCursor(row: Int, column: Int, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
        appendDecimal(row + 1, to: &bytes)
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(column + 1, to: &bytes)
        bytes.append(UInt8(ascii: "H"))
    }

    /// Sets the graphic rendition to exactly `style` (a reset, then its attributes and colour).
    static func setStyle(_ style: TextStyle, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0")])
        let attributes: [(TextStyle.Attributes, UInt8)] = [(.bold, 1), (.dim, 2), (.underline, 4), (.reverse, 7)]
        for (attribute, code) in attributes where style.attributes.contains(attribute) {
            bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "0") + code])
        }
        if let color = style.foreground {
            bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "3"), UInt8(ascii: "0") + color.rawValue])
        }
        bytes.append(UInt8(ascii: "m"))
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)
    }
}
