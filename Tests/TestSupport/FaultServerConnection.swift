import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Serves one accepted connection of a ``FaultServer``: reads each whole request, then plays
/// the behaviour chosen for it. Owns and closes its socket.
struct FaultServerConnection {
    let fd: Int32
    let core: FaultServerCore

    func serve() {
        var reader = FaultServerRequestReader(fd: fd, wake: core.wakeRead)
        var closeNormally = true
        defer { if closeNormally { close(fd) } }
        while let request = reader.next() {
            var behaviour = core.record(request)
            for _ in 0..<8 {
                if case .held(let gate, let next) = behaviour {
                    gate.wait()
                    behaviour = next
                } else if case .decide(let choose) = behaviour {
                    behaviour = choose(request)
                } else {
                    break
                }
            }
            switch behaviour {
            case .respond(let status, let headers, let body):
                guard answer(status: status, headers: headers, body: body) else { return }
                if request.header("Connection")?.lowercased() == "close" { return }
            case .hugeBody(let megabytes):
                guard answer(status: 200, headers: [:], body: FaultServerTutorial.hugeLaunchDetails(megabytes: megabytes)) else { return }
            case .resetMidBody:
                let body = FaultServerTutorial.launchDetails(id: "1")
                let head = Self.head(status: 200, headers: [:], length: body.count)
                FaultServerSocket.sendAll(head + body.prefix(body.count / 2), to: fd, wake: core.wakeRead)
                closeNormally = false
                FaultServerSocket.closeWithReset(fd)
                return
            case .raw(let bytes):
                FaultServerSocket.sendAll(bytes, to: fd, wake: core.wakeRead)
                return
            case .endlessBody(let head, let chunked):
                guard FaultServerSocket.sendAll(Data(head.utf8), to: fd, wake: core.wakeRead) else { return }
                let filler = Data(#"{"data":{"launch":{"site":""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 65_536)
                let piece = chunked ? Data("\(String(filler.count, radix: 16))\r\n".utf8) + filler + Data("\r\n".utf8) : filler
                // Until the client goes away (or the server stops).
                while FaultServerSocket.sendAll(piece, to: fd, wake: core.wakeRead) {}
                return
            case .closeWithoutAnswer:
                return
            case .neverAnswer:
                FaultServerSocket.waitForWake(core.wakeRead)
                return
            case .decide, .held:
                // A chooser that keeps deferring: answer like a broken proxy.
                guard answer(status: 500, headers: [:], body: Data()) else { return }
            }
        }
    }

    private func answer(status: Int, headers: [String: String], body: Data) -> Bool {
        FaultServerSocket.sendAll(Self.head(status: status, headers: headers, length: body.count) + body, to: fd, wake: core.wakeRead)
    }

    /// The status line and header fields, with `Content-Length` and a default `Content-Type`.
    static func head(status: Int, headers: [String: String], length: Int) -> Data {
        var lines = ["HTTP/1.1 \(status) \(reason(status))"]
        if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            lines.append("Content-Type: application/json")
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "content-length" {
            lines.append("\(name): \(value)")
        }
        lines.append("Content-Length: \(length)")
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }
}
