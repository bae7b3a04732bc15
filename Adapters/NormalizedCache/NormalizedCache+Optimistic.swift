import CacheRecords
import JSON

/// Mutations with an optimistic result: the expected outcome shows at once, the server's
/// answer confirms it, a failure rolls it back.
extension NormalizedCache {
    /// Runs `mutation` with `update` laid over the cache meanwhile, then removes it, whether the
    /// mutation succeeds or throws. Watchers of this cache see the optimistic values at once and
    /// the outcome when the mutation ends (nothing twice: a watch yields only a changed answer).
    /// Another process sees only what `mutation` stores.
    ///
    /// Layers stack: the newest wins where two set the same field, and each is removed on its own.
    public func performOptimistically<T: Sendable>(
        _ update: OptimisticUpdate, _ mutation: @Sendable () async throws -> T
    ) async throws -> T {
        let id = addOptimisticLayer(update)
        defer { removeOptimisticLayer(id) }
        return try await mutation()
    }

    /// Optimistic layers in force now.
    package var optimisticLayerCount: Int { optimisticLayers.count }

    func addOptimisticLayer(_ update: OptimisticUpdate) -> Int {
        nextOptimisticLayer += 1
        let layer = update.fields.mapValues { fields in fields.mapValues { CacheValue.scalar($0) } }
        optimisticLayers.append((nextOptimisticLayer, layer))
        changes.signal(keys: Set(layer.keys))
        return nextOptimisticLayer
    }

    func removeOptimisticLayer(_ id: Int) {
        guard let index = optimisticLayers.firstIndex(where: { $0.id == id }) else { return }
        let keys = Set(optimisticLayers.remove(at: index).records.keys)
        changes.signal(keys: keys)
    }

    /// Every optimistic layer merged, oldest first (`nil` when there is none).
    var optimisticOverlay: [String: CacheRecord]? {
        guard !optimisticLayers.isEmpty else { return nil }
        var merged: [String: CacheRecord] = [:]
        for layer in optimisticLayers {
            for (key, fields) in layer.records { merged[key, default: [:]].merge(fields) { _, newer in newer } }
        }
        return merged
    }

    /// Reads from the backend's snapshot with the optimistic layers over it.
    func readRecords<Result: Sendable>(_ body: @Sendable (any StoredRecords) -> Result) -> Result {
        guard let overlay = optimisticOverlay else { return backend.read(body) }
        let now = configuration.nowMilliseconds
        return backend.read { snapshot in body(OptimisticSnapshot(base: snapshot, overlay: overlay, now: now)) }
    }
}
