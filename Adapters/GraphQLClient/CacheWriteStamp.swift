/// Which mutations had started and finished on a cache's persistence when a query was sent, so
/// that its answer is saved only if no mutation could have changed the server meanwhile.
///
/// Mutations run inside ``NormalizedCache/withExclusiveAccess(_:)``, which counts them in the
/// persistence (for a file: in its lock file). A query's answer fetched while a mutation was in
/// flight, or saved after one began, may predate that mutation and is not saved (the answer is
/// still returned). A mutation killed mid-flight counts as in flight until the next one begins.
public struct CacheWriteStamp: Sendable, Hashable {
    /// Mutations begun, and mutations ended, so far.
    let started: UInt64
    let finished: UInt64

    /// Whether an answer fetched after this stamp may be saved when the counters are now `current`.
    func allowsSave(now current: CacheWriteStamp) -> Bool {
        started == finished && current.started == started
    }
}
