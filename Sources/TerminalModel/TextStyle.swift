/// How one cell's text is drawn: attributes and an optional foreground colour.
public struct TextStyle: Hashable, Sendable {
    /// Attributes that stay even when colour is off (`NO_COLOR`).
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let underline = Attributes(rawValue: 1 << 2)
        public static let reverse = Attributes(rawValue: 1 << 3)
    }

    /// The eight basic terminal colours (SGR 30–37).
    public enum Color: UInt8, Hashable, Sendable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    public var attributes: Attributes
    /// `nil` draws in the terminal's default colour.
    public var foreground: Color?

    public init(_ attributes: Attributes = [], foreground: Color? = nil) {
        self.attributes = attributes
        self.foreground = foreground
    }

    /// No attribute, the default colour.
    public static let plain = TextStyle()
}
