/// A record that changed, with its value in this process (`nil` when removed).
package struct RecordUpdate: Sendable {
    package var key: String
    package var change: RecordChange
    package var local: CacheRecord?

    package init(key: String, change: RecordChange, local: CacheRecord?) {
        self.key = key
        self.change = change
        self.local = local
    }
}
