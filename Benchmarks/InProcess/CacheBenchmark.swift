import BenchmarkSupport
import Foundation
import GraphQLClient
import JSON
import NormalizedCache
import RocketReserverAPI

/// Benchmark 4: normalize a LaunchList answer of `count` launches into the cache and read it
/// back, against the floor of merely parsing the same bytes with `JSONSerialization`.
///
/// Contenders, interleaved in every repetition (each on fresh objects):
/// - floor: `JSONSerialization.jsonObject(with:)` over the response bytes;
/// - client parse: the client's own `GraphQLResponseDecoder.decode` (its JSON parser);
/// - normalize-and-write (in memory): parse + normalize into records + write them into a
///   `NormalizedCache` with in-memory persistence — everything the client does with an answer
///   except persisting it;
/// - persist: the same write into a cache persisted in SQLite (encode each record, one
///   transaction, WAL commit), i.e. parse + normalize + database;
/// - read-back (warm): the whole answer assembled again from the in-memory cache;
/// - read-back (from SQLite): a new cache on the database: fetch each record the query reaches
///   from one read snapshot and assemble the answer from the still-encoded records (what a CLI
///   cache hit does).
struct CacheBenchmark {
    let count: Int
    let runs: Int

    func run() async throws -> [Table] {
        let body = LaunchListAnswer.make(count: count)
        let variables: [String: JSONValue] = ["pageSize": .int(count)]
        let operation = LaunchListQuery.operation
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rocket-reserver-bench-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // Check once that the answer normalizes and reads back unchanged.
        let parsed = try GraphQLResponseDecoder.decode(body)
        guard let data = parsed.data else { throw BenchError("the generated answer has no data") }
        let check = NormalizedCache()
        try await check.write(data, for: operation, variables: variables)
        guard await check.read(operation, variables: variables) == data else {
            throw BenchError("the cache does not read back what was written")
        }

        var floor = Samples(), clientParse = Samples(), normalize = Samples(), normalizeOnly = Samples()
        var persist = Samples(), readWarm = Samples(), readFile = Samples()
        // The process's CPU time of each contender too: on a loaded machine wall time also counts
        // the time other processes held the cores (nothing else runs in this process meanwhile).
        var cpu: [String: Samples] = [:]
        var fileBytes = 0
        for run in 0..<(runs + 1) {  // the first repetition warms up and is not counted
            let measured = run > 0
            let f = try await cpuTimed("floor") { try JSONSerialization.jsonObject(with: body) }
            guard (f.value as? [String: Any])?["data"] != nil else { throw BenchError("JSONSerialization failed") }

            let p = try await cpuTimed("parse") { try GraphQLResponseDecoder.decode(body) }

            let memory = NormalizedCache(persistence: .inMemory())
            let n = try await cpuTimed("normalize") {
                let answer = try GraphQLResponseDecoder.decode(body)
                try await memory.write(answer.data ?? [:], for: operation, variables: variables)
            }

            let memory2 = NormalizedCache(persistence: .inMemory())
            let answer = p.value.data ?? [:]
            let o = try await cpuTimed("normalizeOnly") { try await memory2.write(answer, for: operation, variables: variables) }

            let r = await cpuTimed("readWarm") { await memory.read(operation, variables: variables) }
            guard r.value?.count == 1 else { throw BenchError("warm read-back missed") }

            let url = folder.appendingPathComponent("cache-\(run).sqlite")
            let warnings = WarningCollector()
            let fileCache = NormalizedCache(persistence: .sqlite(at: url, maximumBytes: nil, onWarning: { warnings.add($0) }))
            let w = try await cpuTimed("persist") {
                let answer = try GraphQLResponseDecoder.decode(body)
                try await fileCache.write(answer.data ?? [:], for: operation, variables: variables)
            }
            guard warnings.isEmpty else { throw BenchError("cache warning: \(warnings.first ?? "")") }
            fileBytes = try await fileCache.storageSummary().bytes

            let fromFile = NormalizedCache(persistence: .sqlite(at: url, maximumBytes: nil, onWarning: { warnings.add($0) }))
            let rf = await cpuTimed("readFile") { await fromFile.read(operation, variables: variables) }
            guard rf.value?.count == 1, warnings.isEmpty else { throw BenchError("read-back from SQLite missed") }
            try await fromFile.removeAll()

            if measured {
                for (name, seconds) in lastCPU { cpu[name, default: Samples()].add(seconds) }
                floor.add(f.seconds); clientParse.add(p.seconds); normalize.add(n.seconds); normalizeOnly.add(o.seconds)
                persist.add(w.seconds); readWarm.add(r.seconds); readFile.add(rf.seconds)
            }
        }

        let base = floor.median
        let cpuBase = cpu["floor"]?.median ?? .nan
        var table = Table(
            title: "In-process cache: LaunchList answer of \(formatCount(Double(count))) launches (\(formatCount(Double(body.count))) bytes of JSON), \(runs) runs",
            header: ["contender", "median", "p90", "× floor", "CPU median", "CPU × floor", "launches/s", "target"]
        )
        func add(_ name: String, _ samples: Samples, _ key: String, target: String = "") {
            let cpuMedian = cpu[key]?.median ?? .nan
            table.rows.append([
                name, formatSeconds(samples.median), formatSeconds(samples.p90), format(samples.median / base, 2) + "×",
                formatSeconds(cpuMedian), format(cpuMedian / cpuBase, 2) + "×", formatCount(Double(count) / samples.median), target,
            ])
        }
        add("floor: JSONSerialization parse", floor, "floor")
        add("client JSON parse (GraphQLResponseDecoder)", clientParse, "parse")
        add("normalize only (parsed data → records)", normalizeOnly, "normalizeOnly")
        add("normalize-and-write, in memory (parse + normalize + write)", normalize, "normalize", target: "≤ 3×")
        add("normalize-and-write + persist in SQLite (… + encode + one transaction)", persist, "persist", target: "≤ 2×")
        add("read-back, warm (records in memory → answer)", readWarm, "readWarm", target: "≤ 2×")
        add("read-back from SQLite, new cache (fetch reached records + assemble)", readFile, "readFile", target: "≤ 1×")
        table.notes = [
            "CPU: the process's CPU time (user + system) over the same interval; wall time also counts waiting (for the disk, or for a core on a loaded machine)",
            "database: \(formatCount(Double(fileBytes))) bytes = \(format(Double(fileBytes) / Double(count), 1)) bytes per launch "
                + "(records: \(count) Launch, \(count) path-keyed Mission, the connection and QUERY_ROOT; "
                + "\(format(Double(fileBytes) / Double(2 * count + 2), 1)) bytes per record)",
            "JSON answer: \(format(Double(body.count) / Double(count), 1)) bytes per launch",
        ]
        return [table]
    }
}

/// The CPU time of the last ``cpuTimed(_:_:)`` calls of this repetition, by contender.
nonisolated(unsafe) private var lastCPU: [String: Double] = [:]

/// ``timed(_:)``, also keeping the process's CPU time (``processCPUSeconds()``) over the same
/// interval in ``lastCPU``.
private func cpuTimed<T>(_ name: String, _ body: () async throws -> T) async rethrows -> (seconds: Double, value: T) {
    let start = processCPUSeconds()
    let result = try await timed(body)
    lastCPU[name] = processCPUSeconds() - start
    return result
}

/// Collects warnings from a cache's persistence.
final class WarningCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var isEmpty: Bool { lock.withLock { messages.isEmpty } }
    var first: String? { lock.withLock { messages.first } }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
