#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPTransportError {
    /// The system's words for `errno`, starting lower-case to sit inside a sentence
    /// ("connection reset by peer"), or "error N" when the system has none.
    public static func systemErrorText(_ errno: Int32) -> String {
        guard let text = strerror(errno).map({ String(cString: $0) }), !text.isEmpty, !text.hasPrefix("Unknown error") else {
            return "error \(errno)"
        }
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
