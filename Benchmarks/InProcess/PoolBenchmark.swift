import Foundation
import Transport
import JSON
import RocketReserverAPI
import SocketTransport

/// Benchmark 8: 22 LaunchList pages one after another, following the cursor, through a new
/// `SocketHTTPSession` per run (as one `launches --all` process has): with kept-alive
/// connections (the default), with a new connection per page whose TLS handshake resumes the
/// last session, and with a new connection and a full handshake per page (the transport before
/// the pool). Contenders are interleaved run by run; medians are printed, never asserted.
struct PoolBenchmark {
    /// Where to send the pages: the reference server's http endpoint and/or an https one
    /// (a `rocket-reserver-tls-front` relaying to it).
    let endpoints: [URL]
    /// The CA that signed the https endpoint's certificate.
    let caFile: String?
    let runs: Int
    var pages = 22
    var pageSize = 5

    private static let contenders: [(name: String, options: ConnectionPoolOptions)] = [
        ("kept alive (pool)", ConnectionPoolOptions()),
        ("new connection per page, TLS resumed", ConnectionPoolOptions(idleTimeout: .zero)),
        ("new connection per page, full handshake (before)", ConnectionPoolOptions(idleTimeout: .zero, resumesTLSSessions: false)),
    ]

    func run() async throws -> [Table] {
        var tables: [Table] = []
        for endpoint in endpoints {
            let secure = endpoint.scheme == "https"
            let contenders = secure ? Self.contenders : Array(Self.contenders.prefix(2)).map { ($0.name.replacingOccurrences(of: ", TLS resumed", with: " (before)"), $0.options) }
            var samples = Array(repeating: Samples(), count: contenders.count)
            for run in 0..<(runs + 2) {
                for (index, contender) in contenders.enumerated() {
                    let session = SocketHTTPSession(tls: TLSConfiguration(additionalTrustedCertificates: caFile), pool: contender.options)
                    let (seconds, _) = try await timed { try await fetchPages(session, endpoint: endpoint) }
                    // The first two runs warm the server and the page cache.
                    if run >= 2 { samples[index].add(seconds) }
                }
            }
            var table = Table(
                title: "8. \(pages) LaunchList pages in a row over \(secure ? "https (loopback TLS front)" : "http"), a new session per run",
                header: ["contender", "median", "p90", "per page", "× kept alive"]
            )
            let base = samples[0].median
            for (index, contender) in contenders.enumerated() {
                let sample = samples[index]
                table.row(contender.0, formatSeconds(sample.median), formatSeconds(sample.p90), formatSeconds(sample.median / Double(pages)), format(sample.median / base, 2) + "×")
            }
            table.notes.append("\(runs) runs each, interleaved; page size \(pageSize), following the cursor (from the start again when it ends)")
            tables.append(table)
        }
        return tables
    }

    /// Fetches `pages` pages in order, each request after the answer to the last.
    private func fetchPages(_ session: SocketHTTPSession, endpoint: URL) async throws {
        var cursor: String?
        for _ in 0..<pages {
            let variables: JSONValue = ["pageSize": .int(pageSize), "cursor": cursor.map(JSONValue.string) ?? .null]
            let body: JSONValue = ["operationName": "LaunchList", "query": .string(LaunchListQuery.operation.document), "variables": variables]
            let request = HTTPRequest(
                url: endpoint, headers: ["Content-Type": "application/json", "Accept": "application/json"], body: JSONWriter.data(body),
                isIdempotent: true
            )
            let response = try await session.send(request)
            guard response.statusCode == 200 else { throw BenchmarkFailure(reason: "HTTP \(response.statusCode)") }
            let launches = try JSONParser.parse(response.body)["data"]?["launches"]
            let more = launches?["hasMore"]?.boolValue ?? false
            cursor = more ? launches?["cursor"]?.stringValue : nil
        }
    }
}

/// A benchmark request that did not get the answer it needs.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let reason: String
    var description: String { "benchmark failed: \(reason)" }
}
