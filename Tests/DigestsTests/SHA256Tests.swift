import Digests
import Testing

@Suite("SHA-256", .timeLimit(.minutes(5)))
struct SHA256Tests {
    @Test("FIPS 180-4's examples and the empty message", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownAnswers(message: String, hex: String) {
        #expect(SHA256.hex(message) == hex)
    }

    @Test("Messages whose padding ends a block exactly or spills into another")
    func paddingBoundaries() {
        #expect(SHA256.hex(String(repeating: "x", count: 55)) == "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072")
        #expect(SHA256.hex(String(repeating: "x", count: 56)) == "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e")
        #expect(SHA256.hex(String(repeating: "x", count: 64)) == "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c")
    }

    @Test("NIST's million a's")
    func millionAs() {
        #expect(SHA256.hex(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("The digest is 32 bytes and the hex text is of UTF-8")
    func utf8() {
        #expect(SHA256.digest([UInt8]("é".utf8)).count == 32)
        #expect(SHA256.hex("é") == SHA256.digest([0xC3, 0xA9]).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined())
    }
}
