/// HTTP's optional whitespace (RFC 9110 §5.6.3): the spaces and tabs a field value may have around it.
extension StringProtocol {
    /// The text without the spaces and tabs at either end.
    package var trimmingHTTPWhitespace: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
