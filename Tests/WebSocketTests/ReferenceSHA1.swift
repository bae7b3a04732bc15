import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SHA-1 from the system's libcrypto (dlopen), the test peer's independent reference for the
/// accept key and the oracle the client's own SHA-1 is compared with.
enum ReferenceSHA1 {
    private typealias Function = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?

    private static let function: Function? = {
        guard let handle = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_LOCAL), let symbol = dlsym(handle, "SHA1") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    /// Whether libcrypto could be loaded.
    static var isAvailable: Bool { function != nil }

    /// The digest of `bytes`, or an empty array without libcrypto.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        guard let function else { return [] }
        var output = [UInt8](repeating: 0, count: 20)
        bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { _ = function(input.baseAddress, input.count, $0.baseAddress) }
        }
        return output
    }

    static func base64Digest(_ text: String) -> String {
        Data(digest(Array(text.utf8))).base64EncodedString()
    }
}
