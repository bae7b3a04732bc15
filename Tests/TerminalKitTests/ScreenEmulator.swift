import TerminalKit
import TerminalModel
import Testing

/// A tiny terminal for the tests: it applies the escape sequences the frame writer may write
/// (cursor moves, SGR, erase screen and line) and places text, and records an issue for any
/// other control byte or sequence.
struct ScreenEmulator {
    let width: Int
    let height: Int
    private(set) var cells: [Cell]
    private var row = 0
    private var column = 0
    private var style = TextStyle.plain

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: .blank, count: width * height)
    }

    /// What a terminal that had shown `frame` shows (drawn by the writer from nothing).
    init(showing frame: Frame, colors: Bool = true) {
        self.init(width: frame.width, height: frame.height)
        apply(FrameWriter(colors: colors).bytes(from: nil, to: frame))
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            for character in String(decoding: text, as: UTF8.self) { put(character) }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                flushText()
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                    Issue.record("ESC not followed by [ at \(index)")
                    return
                }
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else {
                    Issue.record("unfinished sequence at \(index)")
                    return
                }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                sequence(parameters, final: bytes[end])
                index = end + 1
                continue
            }
            if byte < 0x20 || byte == 0x7F {
                Issue.record("control byte \(byte) written")
            }
            text.append(byte)
            index += 1
        }
        flushText()
    }

    private mutating func sequence(_ parameters: String, final: UInt8) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case UInt8(ascii: "H"):
            row = max(1, numbers.first ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case UInt8(ascii: "J") where parameters == "2":
            cells = Array(repeating: .blank, count: width * height)
        case UInt8(ascii: "K") where parameters.isEmpty:
            for at in min(column, width)..<width { cells[row * width + at] = .blank }
        case UInt8(ascii: "m"):
            style = .plain
            for number in numbers {
                switch number {
                case 0: style = .plain
                case 1: style.attributes.insert(.bold)
                case 2: style.attributes.insert(.dim)
                case 4: style.attributes.insert(.underline)
                case 7: style.attributes.insert(.reverse)
                case 30...37: style.foreground = TextStyle.Color(rawValue: UInt8(number - 30))
                default: Issue.record("SGR \(number)")
                }
            }
        default:
            Issue.record("sequence \(parameters)\(Character(Unicode.Scalar(final)))")
        }
    }

    private mutating func put(_ character: Character) {
        let cellsTaken = TerminalCellWidth.of(character)
        if column + cellsTaken > width {
            // Wrap, as xterm does with auto-wrap on.
            column = 0
            row += 1
        }
        guard row < height else {
            Issue.record("text written below the screen")
            return
        }
        cells[row * width + column] = Cell(character, style: style)
        if cellsTaken == 2 { cells[row * width + column + 1] = .continuation(style) }
        column += cellsTaken
    }

    /// Whether the screen shows `frame`: every character in its style (continuation cells by position only).
    func shows(_ frame: Frame) -> Bool {
        guard frame.width == width, frame.height == height else { return false }
        for index in cells.indices {
            let shown = cells[index]
            let wanted = frame.cells[index]
            if shown.character != wanted.character { return false }
            if wanted.character != nil, shown.style != wanted.style { return false }
        }
        return true
    }
}
