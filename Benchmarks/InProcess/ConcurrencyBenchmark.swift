import Foundation
import GraphQLClient
import Transport
import JSON
import NormalizedCache
import RocketReserverAPI
import SocketTransport

/// Benchmark 5: many LaunchDetails queries issued at once through one `GraphQLClient` (standard
/// interceptor chain, network-only so every query reaches the server, answers parsed and
/// normalized into an in-memory cache) against the same POSTs through a bare `SocketHTTPSession`.
///
/// (The comparison with a bare `URLSession` left with the libcurl helper: an executable that
/// links FoundationNetworking breaks the README's static build on machines without libcurl's
/// development package.)
struct ConcurrencyBenchmark {
    let endpoint: URL
    let runs: Int
    let sizes: [Int]
    let headlineSize: Int
    /// `client` or `urlsession`: run only that contender once, with the last size.
    var profile: String? = nil

    /// Launch ids the reference server knows ("1"…"110").
    static let launchIDs = 110

    /// `n` tasks at once, each given a launch ID (1 to ``launchIDs``, over and over), measured as one batch.
    static func batch(_ n: Int, _ task: @escaping @Sendable (String) async -> Void) async -> Batch {
        await measured {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<n {
                    group.addTask { await task(String(index % launchIDs + 1)) }
                }
            }
        }
    }

    func run() async throws -> [Table] {
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: endpoint,
            session: SocketHTTPSession(),
            timeout: .seconds(120),
            cache: NormalizedCache()
        ))
        let session = SocketHTTPSession()
        let failures = FailureLog()

        func viaClient(_ n: Int) async -> Batch {
            await Self.batch(n) { id in
                do {
                    let result = try await client.fetch(
                        LaunchDetailsQuery.operation, variables: ["launchId": .string(id)], cachePolicy: .networkOnly
                    )
                    if result.data["launch"]?["id"]?.stringValue != id { failures.add("client: wrong answer for \(id)") }
                } catch {
                    failures.add("client: \(error)")
                }
            }
        }

        let document = LaunchDetailsQuery.operation.document
        let endpoint = self.endpoint
        func viaURLSession(_ n: Int) async -> Batch {
            await Self.batch(n) { id in
                var request = HTTPRequest(url: endpoint, method: "POST", timeout: .seconds(120))
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                request.body = JSONWriter.data([
                    "operationName": "LaunchDetails", "query": .string(document), "variables": ["launchId": .string(id)],
                ])
                do {
                    let response = try await session.send(request)
                    if response.statusCode != 200 || response.body.isEmpty {
                        failures.add("socket session: HTTP \(response.statusCode)")
                    }
                } catch {
                    failures.add("socket session: \(error)")
                }
            }
        }

        // Warm up both: connections, the server's parsed-document cache, the client's cache records.
        _ = await viaClient(Self.launchIDs)
        _ = await viaURLSession(Self.launchIDs)
        guard failures.count == 0 else { throw BenchError("warm-up failed: \(failures.first ?? "")") }

        if let profile {
            // One contender only, for a profiler (callgrind, perf, time) to look at.
            let n = sizes.last ?? 1_000
            let batch = profile == "client" ? await viaClient(n) : await viaURLSession(n)
            var table = Table(title: "Profile run: \(n) queries through \(profile)", header: ["N", "seconds", "CPU seconds", "failures"])
            table.rows.append([String(n), format(batch.wall, 3), format(batch.cpu, 3), String(failures.count)])
            return [table]
        }

        var table = Table(
            title: "In-process: N LaunchDetails queries at once, one GraphQLClient vs a bare SocketHTTPSession (loopback reference server)",
            header: [
                "N", "runs", "client median", "client p90", "session median", "session p90", "client q/s", "session q/s",
                "throughput ratio", "client CPU µs/query", "session CPU µs/query", "threads (peak)", "failures",
            ]
        )
        var perQuery: [(Int, Double)] = []
        var headline: Double = .nan
        var cpuNote = ""
        for n in sizes {
            let repetitions = n >= 10_000 ? max(3, runs / 5) : runs
            var clientTimes = Samples(), bareTimes = Samples(), clientCPU = Samples(), bareCPU = Samples()
            var peakThreads = 0
            let failedBefore = failures.count
            for repetition in 0..<repetitions {
                // Alternate which goes first, so neither always runs on a freshly idle server.
                let order = repetition.isMultiple(of: 2) ? [true, false] : [false, true]
                for isClient in order {
                    let batch = isClient ? await viaClient(n) : await viaURLSession(n)
                    if isClient { clientTimes.add(batch.wall); clientCPU.add(batch.cpu) } else { bareTimes.add(batch.wall); bareCPU.add(batch.cpu) }
                    peakThreads = max(peakThreads, batch.peakThreads)
                }
            }
            let clientRate = Double(n) / clientTimes.median, bareRate = Double(n) / bareTimes.median
            let ratio = clientRate / bareRate
            if n == headlineSize {
                headline = ratio
                cpuNote = "CPU of this process per query at N = \(formatCount(Double(n))) (the server is another process): client "
                    + "\(format(clientCPU.median / Double(n) * 1e6, 1)) µs, bare session \(format(bareCPU.median / Double(n) * 1e6, 1)) µs "
                    + "(the client's own work: \(format((clientCPU.median - bareCPU.median) / Double(n) * 1e6, 1)) µs a query)"
            }
            perQuery.append((n, clientTimes.median / Double(n)))
            table.rows.append([
                formatCount(Double(n)), String(repetitions),
                formatSeconds(clientTimes.median), formatSeconds(clientTimes.p90),
                formatSeconds(bareTimes.median), formatSeconds(bareTimes.p90),
                formatCount(clientRate), formatCount(bareRate), format(ratio, 2) + "×",
                format(clientCPU.median / Double(n) * 1e6, 1), format(bareCPU.median / Double(n) * 1e6, 1),
                String(peakThreads), String(failures.count - failedBefore),
            ])
        }
        if !cpuNote.isEmpty { table.notes.append(cpuNote) }
        table.notes.append("throughput ratio = client q/s ÷ bare session q/s (target ≥ 0.9× at N = \(formatCount(Double(headlineSize))), 0 failures): \(format(headline, 2))×")
        if let reference = perQuery.first(where: { $0.0 == headlineSize })?.1 {
            let growth = perQuery.map { "N=\(formatCount(Double($0.0))): \(format($0.1 / reference, 2))" }.joined(separator: ", ")
            table.notes.append("client cost per query relative to N = \(formatCount(Double(headlineSize))) (1.00 = linear total cost): \(growth)")
        }
        if let first = failures.first { table.notes.append("first failure: \(first)") }
        table.notes.append("both sides use SocketHTTPSession (kept-alive connections, at most 8 to the server, driven by at most four epoll event loops); the client also parses each answer and normalizes it into its (in-memory) cache")
        table.notes.append("threads (peak): the most threads this process had (/proc/self/task, sampled every millisecond, the sampler not counted) during any batch of that size; peak RSS of the process so far: \(formatCount(Double(peakResidentKiB()) / 1024)) MiB")
        return [table]
    }
}

/// The wall time of a batch, the CPU time (user + system, all threads) this process spent on
/// it, and the most threads it had meanwhile.
struct Batch {
    let wall: Double
    let cpu: Double
    var peakThreads = 0
}

func measured(_ body: () async -> Void) async -> Batch {
    let sampler = ThreadSampler()
    let cpuBefore = processCPUSeconds()
    let (wall, _) = await timed(body)
    let cpu = processCPUSeconds() - cpuBefore
    return Batch(wall: wall, cpu: cpu, peakThreads: sampler.stop())
}

/// Samples the process's thread count every millisecond on a thread of its own (not counted)
/// until ``stop()``, which returns the most seen.
final class ThreadSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var stopped = false

    init() {
        Thread { [self] in
            while true {
                let count = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 1) - 1
                let stop = lock.withLock {
                    peak = max(peak, count)
                    return stopped
                }
                if stop { break }
                usleep(1_000)
            }
        }.start()
    }

    /// Stops sampling (the thread ends after its current look) and returns the most seen.
    func stop() -> Int {
        lock.withLock {
            stopped = true
            return peak
        }
    }
}

/// This process's resource usage so far, every thread counted (`getrusage(RUSAGE_SELF)`).
func selfUsage() -> rusage {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
}

/// The process's peak resident set so far, in KiB (`ru_maxrss`).
func peakResidentKiB() -> Int {
    selfUsage().ru_maxrss
}

/// The user and system CPU seconds this process has spent so far.
func processCPUSeconds() -> Double {
    let usage = selfUsage()
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Counts failures from many tasks.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    private var total = 0

    func add(_ message: String) {
        lock.withLock {
            total += 1
            if messages.count < 5 { messages.append(message) }
        }
    }

    var count: Int { lock.withLock { total } }
    var first: String? { lock.withLock { messages.first } }
}
