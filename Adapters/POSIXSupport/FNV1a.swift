/// The FNV-1a 64-bit hash: stable across runs, processes and platforms, so it can name files
/// (a credential's or a cache's, from the endpoint) and check a file's bytes.
package enum FNV1a {
    /// The hash of `bytes`.
    package static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The hash of `text`'s UTF-8 bytes as 16 lower-case hex digits, for a file name.
    package static func hex(_ text: String) -> String {
        let hex = String(hash(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
