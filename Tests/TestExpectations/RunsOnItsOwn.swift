// Only test builds find Swift Testing; a plain `swift build -c release` builds this target too
// (it builds every target), and must not fail on it.
#if canImport(Testing)
import Testing

/// The suites that must not share the test process with the rest (the hostile-input suites' 10 MB
/// inputs and the generator's compile round trip keep both cores busy for about a minute; the
/// event loop's proof holds every thread of the concurrency pool) run only when the run was
/// given a `--filter`:
/// Scripts/test runs them on their own, after the rest, with
/// `swift test --filter 'Hostile|GeneratedCodeCompiles'`. In a plain `swift test`, which runs
/// every suite at once, they are skipped with a note: beside them, the other tests wait minutes
/// for a thread and the memory tests see their gigabytes.
public enum RunsOnItsOwn {
    /// Whether the test run was given a `--filter` (the test process gets `swift test`'s arguments).
    public static let isFilteredRun = CommandLine.arguments.contains { $0 == "--filter" || $0.hasPrefix("--filter=") }
}

extension Trait where Self == ConditionTrait {
    /// Enables a suite that must not share the machine with the rest of the tests only in a run
    /// given a `--filter` (see ``RunsOnItsOwn``).
    public static var runsOnItsOwn: Self {
        .enabled(
            if: RunsOnItsOwn.isFilteredRun,
            "must not share the process with the other tests, so it runs on its own: swift test --filter 'Hostile|GeneratedCodeCompiles|EventLoopExecutor' (Scripts/test does, after the rest)"
        )
    }
}
#endif
