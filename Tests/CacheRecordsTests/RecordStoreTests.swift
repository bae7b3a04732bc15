import CacheRecords
import GraphQLClient
import JSON
import Testing

/// A query read back from a snapshot's records, encoded or decoded: the same answer, the
/// keys it reached, how old its oldest record is, and a miss for anything missing or too old.
@Suite(.timeLimit(.minutes(1)))
struct RecordStoreTests {
    /// Records as a backend hands them out, each received at its own time.
    struct Snapshot: StoredRecords {
        var records: [String: CacheRecord]
        var encoded: Bool
        var receivedAt: [String: Int64] = [:]

        func record(_ key: String) -> StoredRecord? {
            guard let record = records[key] else { return nil }
            let slot: RecordStore.Slot = encoded ? .encoded(RecordCodec.encode(record)[...]) : .decoded(record)
            return StoredRecord(slot: slot, receivedAt: receivedAt[key] ?? 100, usedAt: 0)
        }
    }

    static let query = AnswerNormalizerTests.query
    static let variables: [String: JSONValue] = ["id": "25"]

    static func records() throws -> [String: CacheRecord] {
        try AnswerNormalizer.records(AnswerNormalizerTests.answer, for: query, variables: variables)
    }

    @Test(arguments: [true, false])
    func anAnswerReadsBackAsItWasWritten(encoded: Bool) throws {
        var store = RecordStore(snapshot: Snapshot(records: try Self.records(), encoded: encoded, receivedAt: ["Launch:25": 40]))
        let answer = store.read(Self.query, variables: Self.variables, oldestAllowed: nil)
        #expect(answer == AnswerNormalizerTests.answer)
        #expect(store.reachedKeys == [CacheKeys.queryRoot, "Launch:25", "Launch:25.mission"])
        #expect(store.oldestReceivedAt == 40)
    }

    @Test(arguments: [true, false])
    func aMissingFieldOrRecordIsAMiss(encoded: Bool) throws {
        var records = try Self.records()
        records["Launch:25"]?["site"] = nil
        var store = RecordStore(snapshot: Snapshot(records: records, encoded: encoded))
        #expect(store.read(Self.query, variables: Self.variables, oldestAllowed: nil) == nil)
        records = try Self.records()
        records["Launch:25.mission"] = nil
        store = RecordStore(snapshot: Snapshot(records: records, encoded: encoded))
        #expect(store.read(Self.query, variables: Self.variables, oldestAllowed: nil) == nil)
        #expect(store.reachedKeys.contains("Launch:25.mission"))
    }

    @Test func aRecordOlderThanAllowedIsAMiss() throws {
        let snapshot = Snapshot(records: try Self.records(), encoded: true, receivedAt: ["Launch:25.mission": 40])
        var store = RecordStore(snapshot: snapshot)
        #expect(store.read(Self.query, variables: Self.variables, oldestAllowed: 41) == nil)
        store = RecordStore(snapshot: snapshot)
        #expect(store.read(Self.query, variables: Self.variables, oldestAllowed: 40) != nil)
    }

    @Test func onlyReadsWhoseMarkIsOlderThanTheGranularityAreMarkedUsed() throws {
        var store = RecordStore(snapshot: Snapshot(records: try Self.records(), encoded: true))
        _ = store.read(Self.query, variables: Self.variables, oldestAllowed: nil)
        #expect(store.keysToMarkUsed(at: 50, granularity: 100).isEmpty)
        #expect(Set(store.keysToMarkUsed(at: 101, granularity: 100)) == [CacheKeys.queryRoot, "Launch:25", "Launch:25.mission"])
    }
}
