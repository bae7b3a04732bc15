import TerminalModel

/// The renderer's styles: colour only when asked for; attributes always (they survive `NO_COLOR`).
struct Palette: Sendable {
    let colors: Bool

    func style(_ attributes: TextStyle.Attributes = [], _ color: TextStyle.Color? = nil) -> TextStyle {
        TextStyle(attributes, foreground: colors ? color : nil)
    }

    var title: TextStyle { style(.bold) }
    var banner: TextStyle { style(.bold, .yellow) }
    var header: TextStyle { style([.bold, .underline]) }
    var dim: TextStyle { style(.dim) }
    var selected: TextStyle { style(.reverse) }
    var pointer: TextStyle { style(.bold, .cyan) }
    var booked: TextStyle { style(.bold, .green) }
    var error: TextStyle { style([], .red) }
    var info: TextStyle { style([], .green) }
    var label: TextStyle { style(.bold) }
    var button: TextStyle { style([.bold, .reverse]) }
    var status: TextStyle { style(.reverse) }
    var offline: TextStyle { style([.reverse, .bold], .red) }
    var border: TextStyle { style([], .cyan) }
    var field: TextStyle { style(.underline) }
    var cursor: TextStyle { style(.reverse) }
}
