import Foundation
import Testing
import RocketReserverServerCore
#if canImport(Glibc)
import Glibc
#endif

/// A server told to stop ends even when a client holds a half-sent request open.
@Suite("shutdown")
struct ShutdownTests {
    @Test func sigtermEndsTheServerWhileAClientHoldsAHalfSentRequest() async throws {
        // The watchdog's SIGKILL after 30 s (six times the grace) turns a hang into a failure below.
        let child = try ChildProcess(arguments: ["--port", "0"], timeout: 30)
        let line = try #require(await child.readLine())
        let port = try #require(line.split(separator: ":").last?.split(separator: "/").first.flatMap { Int($0) })
        let socket = try HalfRequestClient(port: port)
        defer { socket.close() }
        // Headers promise a body that never comes: the server is left waiting on this request.
        try socket.send("POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        // The request is in progress once the server has read those bytes off its end of the connection.
        try await socket.waitUntilServerHasRead(serverPort: port)
        child.signal(SIGTERM)
        let exit = await child.waitForExit()
        // Before the grace bound (`ServerConfiguration.shutdownGrace`), the server waited for that body for ever.
        #expect(exit.normalExit, "the server did not stop on SIGTERM while a client held a half-sent request")
        #expect(exit.status == 0)
    }
}

/// A raw TCP client on 127.0.0.1 that can send part of a request and stay quiet.
private struct HalfRequestClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send: errno \(errno)") }
    }

    /// Waits until the server's end of this connection has no unread bytes (its receive queue in /proc/net/tcp is empty).
    func waitUntilServerHasRead(serverPort: Int) async throws {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw Failure(description: "getsockname: errno \(errno)") }
        let clientPort = Int(UInt16(bigEndian: address.sin_port))
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", clientPort)
        // Polls for at most 30 s (the child's watchdog): a server gone before it read gives a failure, not a hang.
        for _ in 0..<6_000 {
            // Read to the end: /proc files report size 0, and with many sockets open the table is longer than a page.
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp"))
            defer { try? handle.close() }
            guard let table = try handle.readToEnd() else { break }
            for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
                let columns = line.split(separator: " ")
                guard columns.count > 4, columns[1].hasSuffix(local), columns[2].hasSuffix(remote) else { continue }
                if columns[4].hasSuffix(":00000000") { return }
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw Failure(description: "the server never read the request off 127.0.0.1\(local)")
    }

    func close() {
        Glibc.close(descriptor)
    }
}
