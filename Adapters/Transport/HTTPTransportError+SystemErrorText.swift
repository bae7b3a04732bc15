#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPTransportError {
    /// The system's words for `errno`, starting lower-case to sit inside a sentence
    /// ("connection reset by peer"), or "error N" when the system has none.
    public static func systemErrorText(_ errno: Int32) -> String {
        guard let text = systemDescription(errno), !text.isEmpty, !text.hasPrefix("Unknown error") else {
            return "error \(errno)"
        }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The system's description of `errno`, read with the thread-safe `strerror_r` (`strerror`
    /// may share one buffer between threads); `nil` when the system gives none.
    private static func systemDescription(_ errno: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { buffer -> String? in
            // The POSIX variant, the one Swift's Glibc module declares too (glibc's `__xpg_strerror_r`):
            // 0 when `buffer` holds the text.
            guard let base = buffer.baseAddress, strerror_r(errno, base, buffer.count) == 0 else { return nil }
            return String(cString: base)
        }
    }
}
