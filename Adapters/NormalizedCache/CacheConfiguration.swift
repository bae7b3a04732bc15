#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How fresh a ``NormalizedCache``'s answers must be, and its clock: plain values chosen by
/// the program (the library reads no environment). The size bound is the persistence's
/// (``CachePersistence/sqlite(at:maximumBytes:onWarning:)``).
public struct CacheConfiguration: Sendable {
    /// Records received longer ago than this are a cache miss; `nil` keeps them fresh forever.
    public var maxAge: Duration?
    /// The current time; tests inject a clock of their own.
    public var now: @Sendable () -> Date

    public init(maxAge: Duration? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.maxAge = maxAge
        self.now = now
    }

    /// ``now`` in milliseconds since 1970, the unit records are stamped in.
    var nowMilliseconds: Int64 { Self.milliseconds(now()) }

    /// `date` in milliseconds since 1970.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }

    /// ``maxAge`` in milliseconds (`nil` without one).
    var maxAgeMilliseconds: Int64? {
        maxAge.map { $0.components.seconds &* 1_000 &+ $0.components.attoseconds / 1_000_000_000_000_000 }
    }
}
