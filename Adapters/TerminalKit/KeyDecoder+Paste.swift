import TerminalModel

/// A bracketed paste read up to its end marker, kept to ``KeyDecoder/pasteLimit`` bytes.
extension KeyDecoder {
    mutating func paste(_ byte: UInt8, matched: Int) {
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
}
