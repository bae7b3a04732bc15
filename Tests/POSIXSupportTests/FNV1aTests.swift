import POSIXSupport
import Testing

/// The one FNV-1a: file names made from it must never change between releases.
@Suite(.timeLimit(.minutes(5)))
struct FNV1aTests {
    /// The published test vectors of FNV-1a 64.
    @Test(arguments: [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")])
    func matchesThePublishedVectors(_ text: String, _ hex: String) {
        #expect(FNV1a.hex(text) == hex)
        #expect(FNV1a.hash(Array(text.utf8)) == UInt64(hex, radix: 16))
    }

    @Test func aSmallHashKeepsItsLeadingZeros() {
        // Found by search: a text whose hash is below 2^60 (its hex has a leading zero).
        let text = (0..<10_000).lazy.map { "endpoint-\($0)" }.first { FNV1a.hash($0.utf8) < (1 << 60) }
        let found = try? #require(text)
        #expect(found.map { FNV1a.hex($0).count } == 16)
        #expect(found.map { FNV1a.hex($0).hasPrefix("0") } == true)
    }
}
