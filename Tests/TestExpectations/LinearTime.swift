import Foundation

/// A guard against quadratic work, not a measurement: `work` on a 10 MB input must take at
/// most 40 times as long as on a 1 MB one (linear work takes about 10 times as long, quadratic
/// 100 times, and the loops this guards took hours on 10 MB), or under 10 seconds in all
/// (room for a machine busy with other tests). Benchmarks/Codegen `--hostile` prints numbers.
///
/// The work runs on a thread of its own (``offThePool(_:)``): seconds of CPU-bound work on a
/// thread of Swift Testing's pool would hold back other tests' tasks and time them out.
public enum LinearTime {
    /// The two timings and whether every result was right.
    public struct Measurement: Sendable {
        public let smallSeconds: Double
        public let largeSeconds: Double
        public let right: Bool

        /// Whether 10 MB took at most 40 times 1 MB, or under 10 seconds.
        public var isLinear: Bool { largeSeconds < max(10, 40 * smallSeconds) }
        public var summary: String { "1 MB took \(smallSeconds) s, 10 MB \(largeSeconds) s" }
    }

    /// Times `work` on inputs of 1 MB and 10 MB; `work` returns whether its result is right.
    public static func measure<Input>(
        input: @escaping @Sendable (_ megabytes: Int) -> Input, work: @escaping @Sendable (Input) -> Bool
    ) async -> Measurement {
        await offThePool {
            let small = input(1)
            let large = input(10)
            var right = true
            let smallSeconds = seconds { right = work(small) && right }
            let largeSeconds = seconds { right = work(large) && right }
            return Measurement(smallSeconds: smallSeconds, largeSeconds: largeSeconds, right: right)
        }
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs `body` on a new thread (with an 8 MB stack) and returns its result.
    public static func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
