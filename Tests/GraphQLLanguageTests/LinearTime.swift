import Testing

/// A guard against quadratic work, not a measurement: `work` on a 10 MB input must take at
/// most 30 times as long as on a 1 MB one (linear work takes about 10 times as long, quadratic
/// 100 times, and the loops this guards took hours on 10 MB), or under 3 seconds in all.
/// Benchmarks/Codegen `--hostile` prints the numbers. (A copy per test target.)
enum LinearTime {
    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func expect<Input>(
        _ name: String, input: (_ megabytes: Int) -> Input, work: (Input) -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let small = input(1)
        let large = input(10)
        let smallSeconds = seconds { work(small) }
        let largeSeconds = seconds { work(large) }
        #expect(
            largeSeconds < max(3, 30 * smallSeconds),
            "\(name): 1 MB took \(smallSeconds) s, 10 MB \(largeSeconds) s", sourceLocation: sourceLocation
        )
    }
}
