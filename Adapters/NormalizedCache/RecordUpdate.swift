/// A record that changed, with its value in this process (`nil` when removed).
struct RecordUpdate: Sendable {
    var key: String
    var change: RecordChange
    var local: CacheRecord?
}
