import Foundation
import GraphQLClient
import Testing

/// Timings of the JSON parser and the cache file against `JSONSerialization` on a 10,000-launch
/// answer. Run with `GRAPHQL_BENCHMARK=1 swift test -c release --filter BenchmarkTests`; the
/// ratios are only checked in optimized builds (`JSONSerialization` is always optimized).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["GRAPHQL_BENCHMARK"] != nil))
struct BenchmarkTests {
    static let body = LaunchListFixture.body(count: 10_000)
    static let variables: [String: JSONValue] = ["pageSize": 10_000]

    @Test func parserAndCacheAgainstJSONSerialization() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gql-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try best { _ = try JSONSerialization.jsonObject(with: Self.body) }
        let parse = try best { _ = try JSONParser.parse(Self.body) }
        var run = 0
        let write = try await bestAsync {
            run += 1
            let cache = NormalizedCache(persistence: .file(at: folder.appendingPathComponent("\(run).cache")))
            let data = try GraphQLResponseDecoder.decode(Self.body).data ?? [:]
            await cache.write(data, for: LaunchListFixture.operation, variables: Self.variables)
        }
        let read = try await bestAsync {
            let cache = NormalizedCache(persistence: .file(at: folder.appendingPathComponent("1.cache")))
            let data = await cache.read(LaunchListFixture.operation, variables: Self.variables)
            #expect(data?["launches"]?["launches"]?.arrayValue?.count == 10_000)
        }
        print("JSONSerialization \(ms(baseline)); JSONParser \(ms(parse)); normalize+write \(ms(write)) (\(ratio(write, baseline))); load+read \(ms(read)) (\(ratio(read, baseline)))")
        #if !DEBUG
        #expect(write <= baseline * 3)
        #expect(read <= baseline * 2)
        #endif
    }

    private func best(_ body: () throws -> Void) throws -> Duration {
        var times: [Duration] = []
        for _ in 0..<5 { times.append(try ContinuousClock().measure(body)) }
        return times.min() ?? .zero
    }

    private func bestAsync(_ body: () async throws -> Void) async throws -> Duration {
        var times: [Duration] = []
        for _ in 0..<5 { times.append(try await ContinuousClock().measure(body)) }
        return times.min() ?? .zero
    }

    private func ms(_ duration: Duration) -> String {
        String(format: "%.1f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }

    private func ratio(_ duration: Duration, _ baseline: Duration) -> String {
        String(format: "%.2f×", duration / baseline)
    }
}
