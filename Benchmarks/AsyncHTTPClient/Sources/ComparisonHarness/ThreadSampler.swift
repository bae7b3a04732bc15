import Foundation

/// Samples this process's thread count (the entries of /proc/self/task) every millisecond on a
/// thread of its own and keeps the largest, not counting that thread.
public final class ThreadSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true

    /// Starts sampling.
    public init() {
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                let count = Self.currentCount() - 1
                lock.withLock { peak = max(peak, count) }
                usleep(1_000)
            }
        }
        thread.start()
    }

    /// The largest count seen so far (the sampler's own thread not counted).
    public var peakCount: Int { lock.withLock { peak } }

    /// Ends the sampling thread.
    public func stop() { lock.withLock { running = false } }

    /// The threads of this process now (-1 where /proc is not there).
    public static func currentCount() -> Int {
        guard let directory = opendir("/proc/self/task") else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let first = withUnsafeBytes(of: entry.pointee.d_name) { $0.first ?? 0 }
            if first != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }
}
