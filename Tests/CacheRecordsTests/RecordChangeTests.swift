import CacheRecords
import Testing

/// A change merged over what another process stored meanwhile.
@Suite(.timeLimit(.minutes(1)))
struct RecordChangeTests {
    let stored: CacheRecord = ["a": .scalar(1), "b": .scalar(2)]

    @Test func settingAFieldKeepsTheOthers() {
        let change = RecordChange(setting: ["b"])
        #expect(change.apply(local: ["b": .scalar(3), "c": .scalar(9)], over: stored) == ["a": .scalar(1), "b": .scalar(3)])
    }

    @Test func aRemovedFieldGoesAndAnEmptyRecordIsNone() {
        var change = RecordChange()
        change.didRemove("a")
        #expect(change.apply(local: nil, over: stored) == ["b": .scalar(2)])
        change.didRemove("b")
        #expect(change.apply(local: nil, over: stored) == nil)
        change.didSet("b")
        #expect(change.apply(local: ["b": .scalar(5)], over: stored) == ["b": .scalar(5)])
    }

    @Test func droppingTheStoredRecordWritesOnlyTheLocalFields() {
        #expect(RecordChange(dropsStoredRecord: true).apply(local: nil, over: stored) == nil)
        #expect(RecordChange(dropsStoredRecord: true, writesAllFields: true).apply(local: ["c": .scalar(1)], over: stored) == ["c": .scalar(1)])
    }

    @Test func writingAllFieldsMergesOverTheStoredOnes() {
        let change = RecordChange(writesAllFields: true)
        #expect(change.apply(local: ["b": .scalar(3)], over: stored) == ["a": .scalar(1), "b": .scalar(3)])
        #expect(change.apply(local: ["b": .scalar(3)], over: nil) == ["b": .scalar(3)])
        #expect(change.replacesFields(of: ["b": .scalar(3)]))
        #expect(!RecordChange(setting: ["b"]).replacesFields(of: ["b": .scalar(3), "c": .scalar(1)]))
        #expect(RecordChange(setting: ["b", "c"]).replacesFields(of: ["b": .scalar(3), "c": .scalar(1)]))
    }
}
