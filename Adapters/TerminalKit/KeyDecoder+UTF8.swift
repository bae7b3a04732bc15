import TerminalModel

/// UTF-8 text read byte by byte: a character emitted once whole, U+FFFD once it cannot be.
extension KeyDecoder {
    /// Adds `byte` to the character being read; emits it once whole, U+FFFD once it cannot be.
    mutating func utf8(_ byte: UInt8) {
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
}
