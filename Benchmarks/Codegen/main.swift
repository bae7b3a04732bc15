// rocket-reserver-codegen-bench: what generated models cost, in process. Numbers are printed, never asserted.
//   rocket-reserver-codegen-bench [--launches N] [--runs N]
//   rocket-reserver-codegen-bench --hostile [--ceiling SECONDS]
//   rocket-reserver-codegen-bench --versus-graphql-core PYTHON [--runs N]
// Contenders on the same LaunchList answer of N launches (the shape of Docs/Performance.md's cache benchmark):
//   floor: JSONSerialization; the client's JSONParser; JSONParser + decode into LaunchListQuery.Data;
//   decode alone (from the parsed JSONValue); parse + normalise into a NormalizedCache + decode
//   (what a network answer costs: issue 10 item 5's first ratio); a warm cache's read-back +
//   decode into the models (a cache hit: the second ratio); and parse + validate + generate the
//   tutorial's operations.
// --versus-graphql-core: a 1.2 MB schema built and 100 operations validated, here and in graphql-core
//   (the Python given, e.g. Benchmarks/.venv/bin/python) on the same texts (ValidationVersusGraphQLCore).
// --hostile: hostile input instead (HostileInputBenchmark): block strings of blank lines, fragments
//   that fan out, repeated fields, fragment chains, combining-mark floods; each at doubling sizes.
import BenchmarkSupport
import Foundation
import GraphQLClient
import GraphQLCodegen
import GraphQLLanguage
import JSON
import NormalizedCache
import RocketReserverAPI

var launches = 10_000
var runs = 15
var hostile = false
var versusPython: String?
var ceiling = 10.0
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--launches": launches = arguments.next().flatMap { Int($0) } ?? launches
    case "--runs": runs = arguments.next().flatMap { Int($0) } ?? runs
    case "--hostile": hostile = true
    case "--versus-graphql-core": versusPython = arguments.next()
    case "--ceiling": ceiling = arguments.next().flatMap { Double($0) } ?? ceiling
    default:
        FileHandle.standardError.write(
            Data("usage: rocket-reserver-codegen-bench [--launches N] [--runs N] | --hostile [--ceiling SECONDS] | --versus-graphql-core PYTHON [--runs N]\n".utf8)
        )
        exit(64)
    }
}

if hostile {
    HostileInputBenchmark.run(ceiling: ceiling)
    exit(0)
}
if let versusPython {
    try ValidationVersusGraphQLCore.run(python: versusPython, runs: runs)
    exit(0)
}

let body = LaunchListAnswer.make(count: launches)
let parsedData = try JSONParser.parse(body)["data"]?.objectValue ?? [:]
guard try LaunchListQuery.decode(data: parsedData).launches.launches.count == launches else {
    FileHandle.standardError.write(Data("the generated answer does not decode\n".utf8))
    exit(70)
}
let operationsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Adapters/RocketReserverAPI")
let sourceNames = try FileManager.default.contentsOfDirectory(atPath: operationsFolder.path).filter { $0.hasSuffix(".graphql") }.sorted()
let sources = try sourceNames.map { (name: $0, text: try String(contentsOf: operationsFolder.appendingPathComponent($0), encoding: .utf8)) }
let schemaText = try String(contentsOf: operationsFolder.appendingPathComponent("schema.graphqls"), encoding: .utf8)

let variables = LaunchListQuery(pageSize: launches).variables.jsonValues
let warmCache = NormalizedCache()
try await warmCache.write(parsedData, for: LaunchListQuery.operation, variables: variables)
guard let cachedData = await warmCache.read(LaunchListQuery.operation, variables: variables),
      try LaunchListQuery.decode(data: cachedData) == LaunchListQuery.decode(data: parsedData)
else {
    FileHandle.standardError.write(Data("the cache does not read the answer back unchanged\n".utf8))
    exit(70)
}

/// Runs `body` once and returns how long it took, in seconds.
func timeAsync(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) + Double(attoseconds) / 1e18
}

/// Runs `body` once and returns how long it took, in seconds.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) + Double(attoseconds) / 1e18
}

var samples: [String: [Double]] = [:]

let names = [
    "JSONSerialization (floor)", "JSONParser", "JSONParser + decode to models", "decode to models only",
    "parse + normalise + decode to models", "cache read-back + decode to models",
    "codegen of the tutorial (parse, validate, generate)",
]
for run in 0...runs {
    samples[names[0], default: []].append(try time { _ = try JSONSerialization.jsonObject(with: body) })
    samples[names[1], default: []].append(try time { _ = try JSONParser.parse(body) })
    samples[names[2], default: []].append(try time { _ = try LaunchListQuery.decode(data: JSONParser.parse(body)["data"]?.objectValue ?? [:]) })
    samples[names[3], default: []].append(try time { _ = try LaunchListQuery.decode(data: parsedData) })
    samples[names[4], default: []].append(
        try await timeAsync {
            let data = try GraphQLResponseDecoder.decode(body).data ?? [:]
            let cache = NormalizedCache()
            try await cache.write(data, for: LaunchListQuery.operation, variables: variables)
            _ = try LaunchListQuery.decode(data: data)
        })
    samples[names[5], default: []].append(
        try await timeAsync {
            _ = try LaunchListQuery.decode(data: await warmCache.read(LaunchListQuery.operation, variables: variables) ?? [:])
        })
    samples[names[6], default: []].append(
        try time {
            let schema = try Schema.parse(schemaText, sourceName: "schema.graphqls")
            _ = try CodeGenerator.generate(sources: sources, schema: schema).get()
        })
    if run == 0 { samples = [:] }  // the first repetition warms up
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 0 ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
}

let floor = median(samples[names[0]] ?? [0])
print("LaunchList answer: \(launches) launches, \(body.count) bytes; median of \(runs) runs")
for name in names {
    let value = median(samples[name] ?? [0])
    let ratio = name.hasPrefix("codegen") ? "" : String(format: "  (%.2f× floor)", value / floor)
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%9.3f ms", value * 1000) + ratio)
}
