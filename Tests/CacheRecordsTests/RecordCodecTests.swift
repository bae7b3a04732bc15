@testable import CacheRecords
import JSON
import Testing

/// A record's body: every kind of value encoded and back, the same bytes for the same record,
/// the encoded reader agreeing with the decoder, and damaged or too deep bodies read as absent.
@Suite(.timeLimit(.minutes(1)))
struct RecordCodecTests {
    static let record: CacheRecord = [
        "null": .scalar(nil), "yes": .scalar(true), "no": .scalar(false),
        "int": .scalar(.int(Int.min)), "big": .scalar(.int(Int.max)), "double": .scalar(-1.25),
        "text": .scalar("żółw 🚀\n"), "ref": .reference("Launch:1"),
        "list": .list([.reference("A:1"), .scalar(nil), .list([.scalar(3)])]),
        "json": .scalar(["a": [1, "b", ["c": nil]]]),
    ]

    @Test func everyKindOfValueRoundTrips() {
        #expect(RecordCodec.decode(RecordCodec.encode(Self.record)[...]) == Self.record)
        #expect(RecordCodec.decode(RecordCodec.encode([:])[...]) == [:])
    }

    @Test func equalRecordsHaveEqualBodies() {
        var reversed = CacheRecord()
        for key in Self.record.keys.sorted().reversed() { reversed[key] = Self.record[key] }
        #expect(RecordCodec.encode(reversed) == RecordCodec.encode(Self.record))
        #expect(RecordCodec.encode(["a": .scalar(1)]) != RecordCodec.encode(["a": .scalar(2)]))
    }

    @Test func theEncodedReaderFindsWhatTheDecoderFinds() throws {
        let body = RecordCodec.encode(Self.record)
        try body.withUnsafeBufferPointer { buffer in
            let reader = try #require(EncodedRecordReader(buffer))
            for (field, value) in Self.record { #expect(reader.value(field) == value, "\(field)") }
            #expect(reader.value("absent") == nil)
        }
    }

    @Test func aDamagedBodyIsAbsentNeverATrap() {
        let body = RecordCodec.encode(Self.record)
        for length in 0..<body.count { #expect(RecordCodec.decode(body[..<length]) == nil, "\(length) bytes") }
        #expect(RecordCodec.decode((body + [0])[...]) == nil)
    }

    @Test func nestingDeeperThanTheBoundIsMalformed() {
        func nested(_ depth: Int) -> CacheRecord {
            var value = CacheValue.scalar(1)
            for _ in 0..<depth { value = .list([value]) }
            return ["deep": value]
        }
        let allowed = nested(RecordCodec.maximumDepth)
        #expect(RecordCodec.decode(RecordCodec.encode(allowed)[...]) == allowed)
        #expect(RecordCodec.decode(RecordCodec.encode(nested(RecordCodec.maximumDepth + 1))[...]) == nil)
    }
}
