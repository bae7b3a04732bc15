import Foundation
import JSON
import NormalizedCache
import RocketReserverAPI

/// A cache write to a watcher's yield, in process, with many other watchers alive (each on
/// another launch, so they wake, read again and yield nothing).
struct WatchBenchmark {
    let watchers: [Int]
    let runs: Int

    func run() async throws -> [Table] {
        var table = Table(
            title: "Cache watch: setField on a watched launch → that watcher's yield (in memory, \(runs) writes)",
            header: ["watchers alive", "median", "p90", "p99", "target"]
        )
        for count in watchers {
            let samples = try await measure(watchers: count)
            table.row("\(count)", formatSeconds(samples.median), formatSeconds(samples.p90), formatSeconds(samples.percentile(99)), count == 1_000 ? "p50 ≤ 1 ms" : "")
        }
        table.notes.append("A write wakes only the watchers whose last read reached a record it wrote; they read again and yield only a changed answer.")
        return [table]
    }

    private func details(_ id: Int) -> [String: JSONValue] {
        ["launch": [
            "__typename": "Launch", "id": .string(String(id)), "site": "Site", "isBooked": false,
            "mission": ["__typename": "Mission", "name": .string("Mission \(id)"), "missionPatch": "https://images.example.invalid/l.png"],
            "rocket": ["__typename": "Rocket", "id": "falcon9", "name": "Falcon 9", "type": "FT"],
        ]]
    }

    private func measure(watchers count: Int) async throws -> Samples {
        let cache = NormalizedCache()
        let operation = LaunchDetailsQuery.operation
        for id in 1...count {
            try await cache.write(details(id), for: operation, variables: ["launchId": .string(String(id))])
        }
        var others: [Task<Void, Never>] = []
        for id in stride(from: 2, through: count, by: 1) {
            let stream = cache.watch(operation, variables: ["launchId": .string(String(id))])
            others.append(Task { for await _ in stream {} })
        }
        defer { for task in others { task.cancel() } }
        var answers = cache.watch(operation, variables: ["launchId": "1"]).makeAsyncIterator()
        _ = await answers.next()
        while await cache.activeWatchers < count { await Task.yield() }
        var samples = Samples()
        let clock = ContinuousClock()
        for run in 0..<runs {
            let start = clock.now
            await cache.setField("isBooked", of: "Launch:1", to: .bool(run.isMultiple(of: 2)))
            _ = await answers.next()
            samples.add((clock.now - start).seconds)
        }
        return samples
    }
}
