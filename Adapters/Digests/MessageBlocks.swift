/// The message preparation that SHA-1 and SHA-256 share (FIPS 180-4 §5.1.1 and §5.2.1).
///
/// Both hashes pad a message to whole 64-byte blocks the same way and read each block as
/// sixteen big-endian 32-bit words; only their schedules and rounds differ.
enum MessageBlocks {
    /// `message` followed by a 1 bit, zeros, and its length in bits as 64 big-endian bits.
    static func padded(_ message: some Collection<UInt8>) -> [UInt8] {
        var padded = Array(message)
        let bitLength = UInt64(padded.count) &* 8
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        return padded
    }

    /// Loads the 64-byte block at `offset` of `padded` into the first sixteen of `words`.
    static func load(_ padded: [UInt8], block offset: Int, into words: inout [UInt32]) {
        for index in 0..<16 {
            let base = offset + index * 4
            words[index] = UInt32(padded[base]) << 24 | UInt32(padded[base + 1]) << 16 | UInt32(padded[base + 2]) << 8 | UInt32(padded[base + 3])
        }
    }

    /// The state words as the digest's bytes, each word big-endian.
    static func bytes(of state: [UInt32]) -> [UInt8] {
        state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }
}

extension UInt32 {
    /// The word rotated left by `count` bits.
    func rotatedLeft(_ count: UInt32) -> UInt32 { self << count | self >> (32 - count) }

    /// The word rotated right by `count` bits.
    func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
