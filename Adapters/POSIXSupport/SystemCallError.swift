import SystemErrorText
import Glibc

/// A failed POSIX call: which call, and the `errno` it left.
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call that failed, for example `"open"`.
    package let call: String
    /// The `errno` value after the failure.
    package let code: Int32

    package init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    package var description: String { "\(call): \(SystemErrorText.describe(code))" }
}
