// rocket-reserver-bench: the in-process benchmarks (cache and concurrency) of Docs/Performance.md.
// Numbers are printed, never asserted. Run through Scripts/bench, or:
//   rocket-reserver-bench [--endpoint URL] [--runs N] [--launches N] [--markdown] [--only cache|concurrency|pool|watch]
//                         [--tls-endpoint URL --cacert FILE]
import Foundation
import JSON
import RocketReserverAPI

struct Options {
    var endpoint: URL?
    var tlsEndpoint: URL?
    var caFile: String?
    var runs = 15
    var launches = 10_000
    var markdown = false
    var only: String?
    var sizes = [10, 1_000, 10_000]
    var printDocuments = false
    var profile: String?

    static let usage = """
        usage: rocket-reserver-bench [--endpoint URL] [--runs N] [--launches N] [--sizes 10,1000,10000] [--only cache|concurrency|pool|watch] [--markdown]
                                     [--tls-endpoint URL --cacert FILE]
               rocket-reserver-bench --print-documents
          --endpoint URL      the reference server (needed for the concurrency benchmark; skipped without it)
          --tls-endpoint URL  an https front of the reference server (rocket-reserver-tls-front), for the pool benchmark
          --cacert FILE       the CA that signed the front's certificate
          --profile client|urlsession   after warming up, run only that contender once with the last --sizes (for a profiler)
          --print-documents   print the LaunchDetails and LaunchList query texts as JSON (for Benchmarks/bench.py)
        """

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--endpoint": guard let value = iterator.next(), let url = URL(string: value) else { return nil }; options.endpoint = url
            case "--runs": guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else { return nil }; options.runs = value
            case "--launches": guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else { return nil }; options.launches = value
            case "--sizes":
                guard let value = iterator.next() else { return nil }
                let sizes = value.split(separator: ",").compactMap { Int($0) }
                guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { return nil }
                options.sizes = sizes
            case "--tls-endpoint": guard let value = iterator.next(), let url = URL(string: value) else { return nil }; options.tlsEndpoint = url
            case "--cacert": guard let value = iterator.next() else { return nil }; options.caFile = value
            case "--only": guard let value = iterator.next(), ["cache", "concurrency", "pool", "watch"].contains(value) else { return nil }; options.only = value
            case "--markdown": options.markdown = true
            case "--profile": guard let value = iterator.next(), ["client", "urlsession"].contains(value) else { return nil }; options.profile = value
            case "--print-documents": options.printDocuments = true
            default: return nil
            }
        }
        return options
    }
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((Options.usage + "\n").utf8))
    exit(64)
}

if options.printDocuments {
    let documents: JSONValue = [
        "LaunchDetails": .string(LaunchDetailsQuery.operation.document),
        "LaunchList": .string(LaunchListQuery.operation.document),
    ]
    print(JSONWriter.string(documents))
    exit(0)
}

func emit(_ tables: [Table]) {
    for table in tables { print(table.render(markdown: options.markdown), terminator: "") }
}

do {
    if options.only == nil || options.only == "pool" {
        let endpoints = [options.endpoint, options.tlsEndpoint].compactMap { $0 }
        if endpoints.isEmpty {
            print("(pool benchmark skipped: no --endpoint or --tls-endpoint)\n")
        } else {
            emit(try await PoolBenchmark(endpoints: endpoints, caFile: options.caFile, runs: options.runs).run())
        }
    }
    if options.only == nil || options.only == "cache" {
        emit(try await CacheBenchmark(count: options.launches, runs: options.runs).run())
    }
    if options.only == nil || options.only == "watch" {
        emit(try await WatchBenchmark(watchers: [1, 100, 1_000], runs: max(options.runs, 50)).run())
    }
    if options.only == nil || options.only == "concurrency" {
        if let endpoint = options.endpoint {
            let headline = options.sizes.contains(1_000) ? 1_000 : options.sizes[options.sizes.count / 2]
            emit(try await ConcurrencyBenchmark(endpoint: endpoint, runs: options.runs, sizes: options.sizes, headlineSize: headline, profile: options.profile).run())
        } else {
            print("(concurrency benchmark skipped: no --endpoint)\n")
        }
    }
} catch {
    FileHandle.standardError.write(Data("rocket-reserver-bench: \(error)\n".utf8))
    exit(1)
}
