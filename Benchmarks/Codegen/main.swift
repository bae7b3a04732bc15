// rocket-reserver-codegen-bench: what generated models cost, in process. Numbers are printed, never asserted.
//   rocket-reserver-codegen-bench [--launches N] [--runs N]
// Contenders on the same LaunchList answer of N launches (the shape of Docs/Performance.md's cache benchmark):
//   floor: JSONSerialization; the client's JSONParser; JSONParser + decode into LaunchListQuery.Data;
//   decode alone (from the parsed JSONValue); and parse + validate + generate the tutorial's operations.
import Foundation
import GraphQLClient
import GraphQLCodegen
import GraphQLLanguage
import RocketReserverAPI

var launches = 10_000
var runs = 15
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--launches": launches = arguments.next().flatMap { Int($0) } ?? launches
    case "--runs": runs = arguments.next().flatMap { Int($0) } ?? runs
    default:
        FileHandle.standardError.write(Data("usage: rocket-reserver-codegen-bench [--launches N] [--runs N]\n".utf8))
        exit(64)
    }
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

/// Runs `body` once and returns how long it took, in seconds.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) + Double(attoseconds) / 1e18
}

var samples: [String: [Double]] = [:]

let names = ["JSONSerialization (floor)", "JSONParser", "JSONParser + decode to models", "decode to models only", "codegen of the tutorial (parse, validate, generate)"]
for run in 0...runs {
    samples[names[0], default: []].append(try time { _ = try JSONSerialization.jsonObject(with: body) })
    samples[names[1], default: []].append(try time { _ = try JSONParser.parse(body) })
    samples[names[2], default: []].append(try time { _ = try LaunchListQuery.decode(data: JSONParser.parse(body)["data"]?.objectValue ?? [:]) })
    samples[names[3], default: []].append(try time { _ = try LaunchListQuery.decode(data: parsedData) })
    samples[names[4], default: []].append(
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
