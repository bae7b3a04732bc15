/// The main East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt that
/// are not emoji (emoji are found by `isEmojiPresentation`): Hangul, CJK, kana, fullwidth forms.
enum EastAsianWide {
    /// Sorted, non-overlapping ranges of scalar values.
    static let ranges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0x2E99, 0x2E9B...0x2EF3,  // CJK Radicals Supplement
        0x2F00...0x2FD5,    // Kangxi Radicals
        0x2FF0...0x303E,    // ideographic description, CJK symbols and punctuation, ideographic space
        0x3041...0x3096,    // Hiragana
        0x3099...0x30FF,    // Hiragana marks, Katakana
        0x3105...0x312F,    // Bopomofo
        0x3131...0x318E,    // Hangul Compatibility Jamo
        0x3190...0x31E5,    // Kanbun, Bopomofo Extended, CJK Strokes
        0x31EF...0x321E,    // Katakana Phonetic Extensions, enclosed CJK
        0x3220...0x3247, 0x3250...0xA48C,  // enclosed CJK, CJK Unified Ideographs (+ Extension A), Yi
        0xA490...0xA4C6,    // Yi Radicals
        0xA960...0xA97C,    // Hangul Jamo Extended-A
        0xAC00...0xD7A3,    // Hangul Syllables
        0xF900...0xFAFF,    // CJK Compatibility Ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,  // CJK compatibility and small forms
        0xFF01...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1,  // ideographic symbols
        0x17000...0x18CD5, 0x18D00...0x18D08,  // Tangut, Khitan
        0x1AFF0...0x1B2FB,  // Kana Extended, Kana Supplement, Nushu
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,  // enclosed ideographs
        0x20000...0x2FFFD,  // CJK Extensions B–F, Compatibility Supplement
        0x30000...0x3FFFD,  // CJK Extensions G–H
    ]

    /// Whether the scalar value is in one of the ranges (binary search).
    static func contains(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
