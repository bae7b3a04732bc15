/// The name of the file holding one endpoint's credential.
///
/// Derived from the endpoint alone (FNV-1a 64 in hexadecimal), so it never contains the
/// token or the email address, and different endpoints get different files.
enum CredentialFileName {
    /// The file name for `endpoint`, for example `credential-af63bd4c8601b7df.json`.
    static func forEndpoint(_ endpoint: String) -> String {
        let hash = fnv1a64(endpoint)
        let hex = String(hash, radix: 16)
        return "credential-\(String(repeating: "0", count: 16 - hex.count))\(hex).json"
    }

    /// The 64-bit FNV-1a hash of the text's UTF-8 bytes.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
