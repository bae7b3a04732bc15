import Foundation
import GraphQLClient
import Transport
import JSON
import NormalizedCache

/// One contender's run: a warm-up, then `batches` batches of `queries` LaunchDetails queries
/// all in flight at once, through one `GraphQLClient` (standard chain, network-only, answers
/// normalized into an in-memory cache) or as bare POSTs; prints one JSON line with the wall and
/// CPU seconds of each batch, the failures, the peak thread count and the peak RSS.
public struct ComparisonRun: Sendable {
    /// Launch ids the reference server knows ("1"…"110").
    static let launchIDs = 110

    let contender: String
    let options: ComparisonOptions
    let endpoint: URL
    let session: any HTTPSession

    /// Parses the command line, runs the contender over `makeSession()` and prints its report;
    /// returns the process's exit status (64 for a bad command line, 1 when the warm-up failed).
    public static func main(contender: String, makeSession: () -> any HTTPSession) async -> Int32 {
        guard let options = ComparisonOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
            FileHandle.standardError.write(Data((ComparisonOptions.usage + "\n").utf8))
            return 64
        }
        if options.printDocument {
            print(LaunchDetailsOperation.operation.document)
            return 0
        }
        guard let endpoint = options.endpoint else { return 64 }
        let sampler = ThreadSampler()
        let threadsAtStart = ThreadSampler.currentCount() - 1
        let run = ComparisonRun(contender: contender, options: options, endpoint: endpoint, session: makeSession())
        let report = await run.measure()
        sampler.stop()
        var fields = report.fields
        fields["threads_at_start"] = .int(threadsAtStart)
        fields["threads_peak"] = .int(sampler.peakCount)
        fields["rss_peak_kib"] = .int(ProcessUsage.peakResidentKiB())
        print(JSONWriter.string(.object(fields)))
        return report.warmedUp ? 0 : 1
    }

    private struct Report {
        var fields: [String: JSONValue]
        var warmedUp: Bool
    }

    private func measure() async -> Report {
        let failures = FailureLog()
        let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: endpoint, session: session, timeout: .seconds(120), cache: NormalizedCache()
        ))
        let batch: (Int) async -> Void = options.mode == "client"
            ? { n in await Self.viaClient(client, n, failures) }
            : { n in await self.viaSession(n, failures) }
        // Warm up: connections, the server's parsed documents, the cache's records, one full batch.
        await batch(Self.launchIDs)
        await batch(options.queries)
        var fields: [String: JSONValue] = ["contender": .string(contender), "mode": .string(options.mode), "queries": .int(options.queries)]
        guard failures.count == 0 else {
            fields["warm_up_failure"] = .string(failures.first ?? "")
            return Report(fields: fields, warmedUp: false)
        }
        var walls: [JSONValue] = [], cpus: [JSONValue] = []
        let clock = ContinuousClock()
        for _ in 0..<options.batches {
            let cpuBefore = ProcessUsage.cpuSeconds()
            let start = clock.now
            await batch(options.queries)
            let (seconds, attoseconds) = (clock.now - start).components
            walls.append(.double(Double(seconds) + Double(attoseconds) / 1e18))
            cpus.append(.double(ProcessUsage.cpuSeconds() - cpuBefore))
        }
        fields["wall_seconds"] = .array(walls)
        fields["cpu_seconds"] = .array(cpus)
        fields["failures"] = .int(failures.count)
        if let first = failures.first { fields["first_failure"] = .string(first) }
        return Report(fields: fields, warmedUp: true)
    }

    private static func viaClient(_ client: GraphQLClient, _ n: Int, _ failures: FailureLog) async {
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<n {
                group.addTask {
                    let id = String(index % launchIDs + 1)
                    do {
                        let result = try await client.fetch(
                            LaunchDetailsOperation.operation, variables: ["launchId": .string(id)], cachePolicy: .networkOnly
                        )
                        if result.data["launch"]?["id"]?.stringValue != id { failures.add("wrong answer for launch \(id)") }
                    } catch {
                        failures.add(String(describing: error))
                    }
                }
            }
        }
    }

    /// The same POSTs without the client: the body `ConcurrencyBenchmark` sends, the answer
    /// parsed to check the launch's id.
    private func viaSession(_ n: Int, _ failures: FailureLog) async {
        let document = LaunchDetailsOperation.operation.document
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<n {
                group.addTask { [session, endpoint] in
                    let id = String(index % Self.launchIDs + 1)
                    let request = HTTPRequest(
                        url: endpoint, method: "POST", headers: ["Content-Type": "application/json", "Accept": "application/json"],
                        body: JSONWriter.data([
                            "operationName": "LaunchDetails", "query": .string(document), "variables": ["launchId": .string(id)],
                        ]),
                        timeout: .seconds(120), isIdempotent: true
                    )
                    do {
                        let response = try await session.send(request)
                        let answer = try JSONParser.parse(response.body)
                        if response.statusCode != 200 || answer["data"]?["launch"]?["id"]?.stringValue != id {
                            failures.add("HTTP \(response.statusCode), wrong answer for launch \(id)")
                        }
                    } catch {
                        failures.add(String(describing: error))
                    }
                }
            }
        }
    }
}
