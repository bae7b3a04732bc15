import Foundation

/// The threads the test process has now, from `/proc/self/task`.
enum ThreadCount {
    /// Threads other than the workers of the global concurrency pool (Dispatch's root queues,
    /// named `com.apple.root.…`), which Dispatch adds on its own while other suites run.
    static var outsideConcurrencyPool: Int {
        names.filter { !$0.contains("root.") && !$0.contains("-qos") }.count
    }

    /// Each thread's name (`/proc/self/task/<id>/comm`, at most 15 bytes).
    private static var names: [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return ids.map { id in
            ((try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
