/// What is kept of a bracketed paste: its text on one line, without control characters.
///
/// The screens paste into one-line fields (an email address, a search), so each line break
/// (CR, LF or CRLF) and each tab becomes a space; every other control character (C0, DEL, C1,
/// `ESC` with it, so a pasted escape sequence is left as harmless text) is dropped; invalid
/// UTF-8 is U+FFFD.
enum PastedText {
    static func clean(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0x0A where previous == "\r":
                continue  // CRLF is one break
            case 0x09, 0x0A, 0x0D:
                scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
