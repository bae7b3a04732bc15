import TerminalModel

/// The decoder's bytes outside text and pastes: control keys and escape sequences (CSI, SS3,
/// the Linux console's function keys), each byte read in the state the ones before it left.
extension KeyDecoder {
    mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .csi: csi(byte)
        case .consoleFunction: consoleFunction(byte)
        case .ss3: ss3(byte)
        case .paste(let matched): paste(byte, matched: matched)
        }
    }

    mutating func ground(_ byte: UInt8) {
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
}
