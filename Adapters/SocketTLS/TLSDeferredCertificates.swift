#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The extra CAs of a ``TLSContext`` (`--cacert`), added to its trust store only when a full
/// handshake verifies a chain: a resumed session verifies nothing, so it never pays for decoding
/// them (for the test CA, about a tenth of an https request's instructions).
///
/// The file is read, and its certificate blocks checked (base64 that decodes to one DER
/// sequence each), when the context is made, so a file that is not PEM is still refused before
/// anything is connected to; a file the check cannot vouch for is loaded at once, as before.
/// OpenSSL then calls ``verify`` (`SSL_CTX_set_cert_verify_callback`) where it would call
/// `X509_verify_cert`: the certificates are added once, under a lock, and the chain is verified
/// as OpenSSL would. Certificates that fail to load then fail the verification: never trusted in part.
package final class TLSDeferredCertificates: Sendable {
    private let bytes: [UInt8]
    /// `nil` until loaded; then whether every certificate was added.
    private let loaded = Mutex<Bool?>(nil)

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Defers `bytes` (a CA file's content) on `context` when they pass the check and OpenSSL has
    /// the callback; returns `false` when the caller must load them now.
    package static func `defer`(_ bytes: [UInt8], on context: TLSContext) -> Bool {
        guard let functions = Functions.shared, looksLikeCertificates(bytes) else { return false }
        let deferred = TLSDeferredCertificates(bytes: bytes)
        context.deferredCertificates = deferred
        functions.setVerifyCallback(context.pointer, { storeContext, argument in
            guard let argument, let functions = Functions.shared else { return 0 }
            let context = Unmanaged<TLSContext>.fromOpaque(argument).takeUnretainedValue()
            guard context.deferredCertificates?.load(into: context) ?? true else {
                functions.setError(storeContext, 1 /* X509_V_ERR_UNSPECIFIED */)
                return 0
            }
            return functions.verify(storeContext)
        }, Unmanaged.passUnretained(context).toOpaque())
        return true
    }

    /// Adds the certificates to `context`'s store the first time; whether all of them were added.
    private func load(into context: TLSContext) -> Bool {
        loaded.withLock { state in
            if let state { return state }
            let added = (try? addCertificates(bytes, to: context, file: "")) != nil
            state = added
            return added
        }
    }

    /// Whether `bytes` hold at least one certificate block and every one is base64 of a single
    /// DER sequence (what `PEM_read_bio_X509_AUX` reads; other blocks are skipped as it skips them).
    package static func looksLikeCertificates(_ bytes: [UInt8]) -> Bool {
        let labels = ["CERTIFICATE", "TRUSTED CERTIFICATE", "X509 CERTIFICATE"].map { Array($0.utf8) }
        var blocks = 0
        var rest = bytes[...]
        while let begin = find(Array("-----BEGIN ".utf8), in: rest) {
            let afterBegin = rest[begin.upperBound...]
            guard let labelEnd = find(Array("-----".utf8), in: afterBegin) else { return false }
            let label = Array(afterBegin[..<labelEnd.lowerBound])
            guard let end = find(Array("-----END ".utf8) + label + Array("-----".utf8), in: afterBegin) else { return false }
            rest = afterBegin[end.upperBound...]
            guard labels.contains(label) else { continue }
            let body = afterBegin[labelEnd.upperBound..<end.lowerBound].filter { !$0.isWhitespaceByte }
            guard let der = Data(base64Encoded: Data(body)), isSequence(der, trailingAllowed: label == labels[1]) else { return false }
            blocks += 1
        }
        return blocks > 0
    }

    /// Where `pattern` first occurs in `bytes`.
    private static func find(_ pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var index = bytes.startIndex
        while index <= bytes.endIndex - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index..<(index + pattern.count) }
            index += 1
        }
        return nil
    }

    /// Whether `der` is one DER SEQUENCE (and nothing after it, unless `trailingAllowed`).
    private static func isSequence(_ der: Data, trailingAllowed: Bool) -> Bool {
        let bytes = [UInt8](der)
        guard bytes.count >= 2, bytes[0] == 0x30 else { return false }
        var length = Int(bytes[1])
        var header = 2
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard (1...4).contains(count), bytes.count >= 2 + count else { return false }
            length = bytes[2..<(2 + count)].reduce(0) { $0 << 8 | Int($1) }
            header += count
        }
        return trailingAllowed ? header + length <= bytes.count : header + length == bytes.count
    }

    /// The three OpenSSL functions the deferral needs, bound when a CA file is first deferred.
    private struct Functions: @unchecked Sendable {
        typealias Callback = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
        let setVerifyCallback: @convention(c) (OpaquePointer?, Callback?, UnsafeMutableRawPointer?) -> Void
        let verify: @convention(c) (OpaquePointer?) -> Int32
        let setError: @convention(c) (OpaquePointer?, Int32) -> Void

        static let shared: Functions? = {
            guard OpenSSL.shared != nil, let ssl = dlopen(OpenSSL.libraryName, RTLD_LAZY | RTLD_LOCAL),
                  let crypto = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_LOCAL),
                  let setVerifyCallback = dlsym(ssl, "SSL_CTX_set_cert_verify_callback"),
                  let verify = dlsym(crypto, "X509_verify_cert"), let setError = dlsym(crypto, "X509_STORE_CTX_set_error")
            else { return nil }
            return Functions(
                setVerifyCallback: unsafeBitCast(setVerifyCallback, to: (@convention(c) (OpaquePointer?, Callback?, UnsafeMutableRawPointer?) -> Void).self),
                verify: unsafeBitCast(verify, to: (@convention(c) (OpaquePointer?) -> Int32).self),
                setError: unsafeBitCast(setError, to: (@convention(c) (OpaquePointer?, Int32) -> Void).self)
            )
        }()
    }
}

private extension UInt8 {
    /// Space, tab, CR or LF: what may wrap a PEM block's base64.
    var isWhitespaceByte: Bool { self == 0x20 || self == 0x09 || self == 0x0D || self == 0x0A }
}
