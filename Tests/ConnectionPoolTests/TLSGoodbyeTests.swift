import Foundation
import Transport
@testable import SocketTransport
import SocketEventLoop
@testable import SocketTLS
import Testing
import TestSupport

/// Writing after the server's TLS goodbye (`close_notify`) was read: OpenSSL then answers every
/// write with "the peer closed", so a write must fail at once instead of asking again for ever.
@Suite("TLS goodbye", .timeLimit(.minutes(5)))
struct TLSGoodbyeTests {
    @Test(.timeLimit(.minutes(1)))
    func aWriteAfterTheServersGoodbyeIsAConnectionLost() async throws {
        let server = try KeepAliveServer { _ in .answerThenClose() }
        defer { server.stop() }
        // The front turns the server's close into a TLS goodbye, then closes its socket.
        let front = try TLSFront(.forward(port: UInt16(server.port)))
        defer { front.stop() }
        let context = try TLSContext.make(TLSConfiguration(additionalTrustedCertificates: TLSFixture.caFile))
        let outcome: Result<Int, HTTPTransportError> = try await EventLoop.leastBusy().run {
            let deadline = ContinuousClock.now + .seconds(3_600)
            let socket = try await SocketConnection.connect(host: "127.0.0.1", port: Int(front.port), deadline: deadline)
            defer { socket.close() }
            let stream = try await TLSStream.handshake(over: socket, context: context, host: "127.0.0.1")
            try await stream.send(Data("POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}".utf8))
            // Read the answer and then the goodbye.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
            defer { buffer.deallocate() }
            while try await stream.receive(into: buffer) > 0 {}
            // The first writes may still leave (the socket has not seen the reset yet); one of
            // them must fail, and none may spin.
            var written = 0
            do {
                for _ in 0..<200 {
                    try await stream.send(Data(count: 16_384))
                    written += 1
                }
            } catch let error as HTTPTransportError {
                return .failure(error)
            }
            return .success(written)
        }
        #expect(outcome == .failure(HTTPTransportError(.connectionLost)))
    }
}
