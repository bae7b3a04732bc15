import Synchronization

/// Records the waits a ``RetryInterceptor`` asks for, without waiting.
public final class SleepRecorder: Sendable {
    private let durations = Mutex<[Duration]>([])

    public init() {}

    public func record(_ duration: Duration) {
        durations.withLock { $0.append(duration) }
    }

    public var recorded: [Duration] { durations.withLock { $0 } }
}
