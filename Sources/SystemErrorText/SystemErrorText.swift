import Glibc

/// The system's words for an `errno`, as every message that quotes them reads them.
public enum SystemErrorText {
    /// The system's description of `code` ("No such file or directory"), read with the
    /// thread-safe `strerror_r` (`strerror` may share one buffer between threads); "error N"
    /// when the system has none.
    public static func describe(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let text = buffer.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, strerror_r(code, base, buffer.count) == 0 else { return nil }
            return String(cString: base)
        }
        guard let text, !text.isEmpty, !text.hasPrefix("Unknown error") else { return "error \(code)" }
        return text
    }
}
