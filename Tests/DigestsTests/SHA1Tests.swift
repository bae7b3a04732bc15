import Digests
import Testing

@Suite("SHA-1", .timeLimit(.minutes(5)))
struct SHA1Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }

    @Test("FIPS 180-4's examples, the empty message and a million a's", arguments: [
        ("", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("a", 1_000_000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
    ])
    func knownAnswers(unit: String, repeats: Int, digest: String) {
        #expect(hex(SHA1.digest(Array(String(repeating: unit, count: repeats).utf8))) == digest)
    }

    @Test("Messages whose padding ends a block exactly or spills into another")
    func paddingBoundaries() {
        #expect(hex(SHA1.digest(Array(String(repeating: "x", count: 55).utf8))) == "cef734ba81a024479e09eb5a75b6ddae62e6abf1")
        #expect(hex(SHA1.digest(Array(String(repeating: "x", count: 56).utf8))) == "901305367c259952f4e7af8323f480d59f81335b")
    }
}
