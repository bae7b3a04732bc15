/// Small named numbers kept with the cache: a client's notes about its endpoint that the next
/// process should find (for example which subscription subprotocol the server acknowledged).
///
/// They live and go with the cache: `removeAll()` forgets them, and a cache that cannot store
/// anything forgets them too (reads answer `nil`). They are never records: no query reads them,
/// no watcher sees them, and garbage collection leaves them alone.
extension NormalizedCache {
    /// The number stored under `name`, if any.
    public func setting(named name: String) -> Int64? {
        backend.setting(named: name)
    }

    /// Stores `value` under `name`; `nil` removes it.
    public func storeSetting(_ value: Int64?, named name: String) {
        backend.storeSetting(value, named: name)
    }
}
