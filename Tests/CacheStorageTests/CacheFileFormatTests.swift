import Foundation
import CacheRecords
import CacheStorage
import Testing
import TestSupport

/// The earlier whole-file cache format, still read to import old caches (and fuzzed).
@Suite(.timeLimit(.minutes(5)))
struct CacheFileFormatTests {
    @Test func fileFormatRoundTripsEveryKindOfValue() throws {
        let records: [String: CacheRecord] = [
            "R": [
                "null": .scalar(nil), "yes": .scalar(true), "no": .scalar(false),
                "int": .scalar(.int(Int.min)), "big": .scalar(.int(Int.max)), "double": .scalar(-1.25),
                "text": .scalar("żółw 🚀\n"), "ref": .reference("Launch:1"),
                "list": .list([.reference("A:1"), .scalar(nil), .list([.scalar(3)])]),
                "json": .scalar(["a": [1, "b", ["c": nil]]]),
            ],
            "": [:],
        ]
        #expect(try CacheFileFormat.decode(CacheFileFormat.encode(records)) == records)
    }

    @Test func loaderNeverTrapsOnDamagedBytes() throws {
        let good = [UInt8](CacheFileFormat.encode([
            "Launch:1": ["id": .scalar("1"), "list": .list([.reference("x"), .scalar(["k": [1.5]])])],
        ]))
        var generator = SplitMix64(state: 3)
        for _ in 0..<3_000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            }
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            _ = try? CacheFileFormat.decode(Data(bytes))
            _ = try? CacheFileFormat.decode(Data(bytes), verifyingChecksum: false)
        }
        #expect(throws: CacheFileFormat.DecodingError.empty) { try CacheFileFormat.decode(Data()) }
    }
}
