import Foundation
import Transport
import SocketTransport

/// WebSocket benchmark (Docs/Performance.md): round-trip latency (p50, p99) and pipelined
/// messages per second for 100-byte and 64 KiB messages, against an in-process echo server
/// and against Python websockets (`--python PATH`, run from the package root). Numbers only,
/// never asserted. `Benchmarks/websocket_client.py` gives the Python client's numbers beside them.
///
///   rocket-reserver-websocket-bench [--python Benchmarks/.venv/bin/python] [--quick]
let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let python = arguments.firstIndex(of: "--python").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }

func percentile(_ sorted: [Duration], _ fraction: Double) -> Duration {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.3f", Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
}

/// `ws://127.0.0.1:PORT` + `path`: where the benchmark's peers listen.
func loopbackURL(port: Int, path: String) throws -> URL {
    var components = URLComponents()
    components.scheme = "ws"
    components.host = "127.0.0.1"
    components.port = port
    components.path = path
    guard let url = components.url else { throw BenchError("no URL for port \(port) and path \(path)") }
    return url
}

func measure(peer: String, port: Int) async throws {
    let url = try loopbackURL(port: port, path: "/echo")
    let client = WebSocketClient(limits: WebSocketLimits(maximumQueuedMessages: 1_024))
    // Opening: connect, handshake, then a close handshake, one after another.
    var opens: [Duration] = []
    let opening = ContinuousClock()
    for _ in 0..<(quick ? 20 : 200) {
        let start = opening.now
        let connection = try await client.connect(to: url)
        opens.append(opening.now - start)
        await connection.close()
    }
    opens.sort()
    print("| \(peer) | open (connect + handshake) | \(milliseconds(percentile(opens, 0.5))) | \(milliseconds(percentile(opens, 0.99))) | |")
    for size in [100, 64 * 1024] {
        let connection = try await client.connect(to: url)
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0) })
        let roundTrips = quick ? 200 : (size == 100 ? 5_000 : 1_000)
        // Warm-up.
        for _ in 0..<50 {
            try await connection.send(binary: payload)
            _ = try await connection.receive()
        }
        var latencies: [Duration] = []
        latencies.reserveCapacity(roundTrips)
        let clock = ContinuousClock()
        for _ in 0..<roundTrips {
            let start = clock.now
            try await connection.send(binary: payload)
            guard case .binary(let echoed)? = try await connection.receive(), echoed.count == size else { throw BenchError("bad echo") }
            latencies.append(clock.now - start)
        }
        latencies.sort()
        // Pipelined: one task sends every message while this one receives them.
        let count = quick ? 1_000 : (size == 100 ? 50_000 : 5_000)
        let start = clock.now
        let sender = Task {
            for _ in 0..<count { try await connection.send(binary: payload) }
        }
        for _ in 0..<count { _ = try await connection.receive() }
        try await sender.value
        let elapsed = clock.now - start
        let perSecond = Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        await connection.close()
        print("| \(peer) | \(size == 100 ? "100 B" : "64 KiB") | \(milliseconds(percentile(latencies, 0.5))) | \(milliseconds(percentile(latencies, 0.99))) | \(Int(perSecond)) |")
    }
}

print("| peer | message | round trip p50 (ms) | p99 (ms) | echoed messages/s (pipelined) |")
print("|---|---|---|---|---|")
let server = try EchoServer()
try await measure(peer: "in-process (Swift echo)", port: Int(server.port))
/// Server push: the peer sends `count` messages as fast as it can; messages received per second.
func push(peer: String, port: Int) async throws {
    let client = WebSocketClient(limits: WebSocketLimits(maximumQueuedMessages: 1_024))
    for size in [100, 64 * 1024] {
        let count = quick ? 1_000 : (size == 100 ? 100_000 : 10_000)
        let url = try loopbackURL(port: port, path: "/push/\(count)/\(size)")
        let connection = try await client.connect(to: url)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { _ = try await connection.receive() }
        let elapsed = clock.now - start
        await connection.close()
        let perSecond = Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        print("| \(peer) | server push, \(size == 100 ? "100 B" : "64 KiB") | | | \(Int(perSecond)) received |")
    }
}

if let python {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["Tests/WebSocketTests/Peers/websockets_peer.py"]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var line = Data()
    while !line.contains(10) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { break }
        line += chunk
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text.dropFirst("listening on ".count)) else { throw BenchError("the websockets peer did not start: \(text)") }
    try await measure(peer: "Python websockets", port: port)
    try await push(peer: "Python websockets", port: port)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
}
