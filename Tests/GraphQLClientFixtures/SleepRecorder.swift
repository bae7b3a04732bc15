import Synchronization

/// Records the waits a ``RetryInterceptor`` asks for, without waiting.
final class SleepRecorder: Sendable {
    private let durations = Mutex<[Duration]>([])

    func record(_ duration: Duration) {
        durations.withLock { $0.append(duration) }
    }

    var recorded: [Duration] { durations.withLock { $0 } }
}

/// Collects warnings delivered by a cache file.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    var callback: @Sendable (String) -> Void {
        { line in self.lines.withLock { $0.append(line) } }
    }

    var messages: [String] { lines.withLock { $0 } }
}

/// A thread-safe list of lines, for recording what happened in order.
final class LineLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}
