/// The login sheet's one-line text field: its characters and the cursor between them.
///
/// Holds at most ``maximumLength`` characters and never a control character (a pasted
/// newline, a typed escape): what it holds is what the user can see.
public struct LoginField: Hashable, Sendable {
    /// The most characters the field holds; more typed or pasted are dropped.
    public static let maximumLength = 320

    /// The text, one grapheme cluster per element so the cursor moves in O(1).
    public private(set) var characters: [Character] = []
    /// Where the next character goes: 0 (before the first) through `characters.count`.
    public private(set) var cursor = 0

    public init(_ text: String = "") {
        insert(text)
    }

    /// The field's text.
    public var text: String { String(characters) }

    /// Inserts `text` at the cursor, dropping control characters (newlines included) and
    /// whatever would pass ``maximumLength``, and moves the cursor past it.
    mutating func insert(_ text: String) {
        for character in text where characters.count < Self.maximumLength && Self.isText(character) {
            characters.insert(character, at: cursor)
            cursor += 1
        }
    }

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    mutating func moveToStart() { cursor = 0 }
    mutating func moveToEnd() { cursor = characters.count }

    /// Removes the character before the cursor (Backspace).
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Removes the character under the cursor (Delete).
    mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Empties the field (Ctrl-U).
    mutating func clear() {
        characters.removeAll()
        cursor = 0
    }

    /// Whether `character` may be held: no C0 or C1 control, DEL or line separator in it.
    static func isText(_ character: Character) -> Bool {
        !character.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
    }
}
