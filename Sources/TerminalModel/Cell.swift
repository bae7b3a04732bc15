/// One cell of a terminal frame: a character and its style.
///
/// A wide character (2 cells) sits in its first cell; the cell after it is a
/// ``continuation`` that draws nothing of its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn here; `nil` for the second half of a wide character.
    public var character: Character?
    public var style: TextStyle

    public init(_ character: Character?, style: TextStyle = .plain) {
        self.character = character
        self.style = style
    }

    /// A space in the default style.
    public static let blank = Cell(" ")
    /// The right half of a wide character.
    public static func continuation(_ style: TextStyle) -> Cell { Cell(nil, style: style) }
}
