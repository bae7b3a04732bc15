import TerminalModel

/// The keys of the escape sequences terminals send: CSI (`ESC [`) and SS3 (`ESC O`) forms.
enum EscapeSequences {
    /// What a complete CSI sequence means.
    enum Meaning: Equatable {
        case key(Key)
        /// `ESC [ 200 ~`: a bracketed paste begins.
        case pasteStart
    }

    /// The bytes that end a bracketed paste: `ESC [ 201 ~`.
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The meaning of `ESC [` `parameters` `final`; ``Key/unknown`` for a sequence no key sends.
    static func csi(parameters: [UInt8], final: UInt8) -> Meaning {
        // Private parameters (`<`, `=`, `>`, `?`: mouse reports, device answers) and
        // intermediate bytes are no key's.
        guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else { return .key(.unknown) }
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(number)
        switch final {
        case UInt8(ascii: "A"): return .key(.up)
        case UInt8(ascii: "B"): return .key(.down)
        case UInt8(ascii: "C"): return .key(.right)
        case UInt8(ascii: "D"): return .key(.left)
        case UInt8(ascii: "H"): return .key(.home)
        case UInt8(ascii: "F"): return .key(.end)
        case UInt8(ascii: "Z"): return .key(.backTab)
        // xterm's F1–F4 with a modifier: ESC [ 1 ; 2 P.
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .key(.function(Int(final - UInt8(ascii: "P")) + 1))
        case UInt8(ascii: "~"):
            guard let first = numbers.first, let code = first else { return .key(.unknown) }
            if code == 200 { return .pasteStart }
            return .key(tilde[code] ?? .unknown)
        default:
            return .key(.unknown)
        }
    }

    /// The key of `ESC O` `final`, if a key sends it.
    static func ss3(final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter  // the keypad's Enter
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }

    /// `ESC [ n ~` keys (vt220 and xterm numbering; 1/4 and 7/8 are Home/End in vt and rxvt).
    private static let tilde: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    /// A decimal parameter (at most ``KeyDecoder/parameterLimit`` digits, so no overflow
    /// beyond what `Int` holds is possible); `nil` when empty or not a number.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
