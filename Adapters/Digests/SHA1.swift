/// SHA-1 (FIPS 180-4), for the one place RFC 6455 needs it: `Sec-WebSocket-Accept`.
///
/// Written here so that `ws://` loads no library; it is not used for anything that needs a
/// secure hash.
package enum SHA1 {
    /// The 20-byte digest of `message`.
    package static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let padded = MessageBlocks.padded(message)
        var words = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: padded.count, by: 64) {
            MessageBlocks.load(padded, block: block, into: &words)
            for index in 16..<80 {
                words[index] = (words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]).rotatedLeft(1)
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let next = a.rotatedLeft(5) &+ f &+ e &+ k &+ words[index]
                (e, d, c, b, a) = (d, c, b.rotatedLeft(30), a, next)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
        }
        return MessageBlocks.bytes(of: state)
    }
}
