// A loopback TLS front for the https benchmark: terminates TLS with the test certificate
// (Tests/Fixtures/TLS/server.pem, signed by the test CA) and relays to an http server on
// 127.0.0.1, so the CLI and curl can be timed against the same https endpoint.
//
//   rocket-reserver-tls-front --backend-port PORT
//
// Prints `listening on https://127.0.0.1:PORT/graphql` and serves until stdin closes. Each
// line `handshakes` read on stdin is answered with `handshakes N`: the TLS handshakes completed
// since the last such line (each is one connection to the backend), so a benchmark can show
// how many connections a command made.
import Foundation
import TestSupport

let arguments = CommandLine.arguments
guard let index = arguments.firstIndex(of: "--backend-port"), index + 1 < arguments.count,
      let backend = UInt16(arguments[index + 1])
else {
    FileHandle.standardError.write(Data("usage: rocket-reserver-tls-front --backend-port PORT\n".utf8))
    exit(64)
}
do {
    let front = try TLSFront(.forward(port: backend))
    FileHandle.standardOutput.write(Data("listening on \(front.endpoint)\n".utf8))
    // Serve until the benchmark closes our stdin.
    while let line = readLine() {
        guard line == "handshakes" else { continue }
        let count = front.handshakes
        front.clearRecords()
        FileHandle.standardOutput.write(Data("handshakes \(count)\n".utf8))
    }
    front.stop()
} catch {
    FileHandle.standardError.write(Data("rocket-reserver-tls-front: \(error)\n".utf8))
    exit(69)
}
