import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The accept key for the in-process echo server, from the system's libcrypto (dlopen).
enum BenchSHA1 {
    private typealias Function = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?

    private static let function: Function? = {
        guard let handle = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_LOCAL), let symbol = dlsym(handle, "SHA1") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    static func acceptKey(_ key: String) -> String {
        let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
        var output = [UInt8](repeating: 0, count: 20)
        input.withUnsafeBufferPointer { bytes in output.withUnsafeMutableBufferPointer { _ = function?(bytes.baseAddress, bytes.count, $0.baseAddress) } }
        return Data(output).base64EncodedString()
    }
}
