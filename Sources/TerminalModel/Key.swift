/// One key press (or one paste) as a terminal reports it, decoded from its bytes.
public enum Key: Hashable, Sendable {
    /// A printable character (a whole grapheme cluster).
    case character(Character)
    /// Ctrl with a letter, as the lowercase letter (`.control("c")` is Ctrl-C, `.control("u")` Ctrl-U).
    case control(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case insert, delete
    case enter, escape, backspace, tab, backTab
    /// F1…F12.
    case function(Int)
    /// Text the user pasted with bracketed paste on: never read as keys.
    case paste(String)
    /// A sequence the decoder recognised as one but does not know; shown nowhere, ignored by screens.
    case unknown
}
