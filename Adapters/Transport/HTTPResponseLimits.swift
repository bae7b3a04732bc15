/// How much of an HTTP answer a session accepts before it gives up on it.
///
/// An answer over a limit is refused as it arrives, so memory stays bounded whatever the
/// server sends: ``HTTPTransportError/Kind/responseTooLarge(limit:)`` for the body,
/// ``HTTPTransportError/Kind/malformedResponse(_:)`` for the head.
public struct HTTPResponseLimits: Sendable, Hashable {
    /// The default body limit: 64 MiB.
    public static let defaultMaximumBodyBytes = 64 << 20

    /// The largest body accepted, in bytes (after removing chunked framing).
    public var maximumBodyBytes: Int
    /// The largest status line plus header fields accepted, in bytes.
    public var maximumHeadBytes: Int
    /// The most header fields accepted.
    public var maximumHeaderCount: Int

    public init(
        maximumBodyBytes: Int = HTTPResponseLimits.defaultMaximumBodyBytes,
        maximumHeadBytes: Int = 64 * 1024,
        maximumHeaderCount: Int = 100
    ) {
        // Clamped so that sums with it never overflow.
        self.maximumBodyBytes = min(max(0, maximumBodyBytes), 1 << 52)
        self.maximumHeadBytes = min(max(64, maximumHeadBytes), 1 << 30)
        self.maximumHeaderCount = max(1, maximumHeaderCount)
    }
}
