import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback TLS server for tests and benchmarks, built on the system's OpenSSL 3 loaded at
/// run time: it terminates TLS with one of the ``TLSFixture`` certificates and relays the
/// plain bytes to an HTTP server on 127.0.0.1 (a ``FaultServer`` or the reference server), so
/// every fault that server plays happens over https too. Other modes misbehave during the
/// handshake.
///
/// It records how many handshakes completed and every application byte clients sent, so a
/// test can check that nothing arrived before a verified handshake.
public final class TLSFront: @unchecked Sendable {
    /// What the front does with each connection.
    public enum Mode: Sendable {
        /// Completes the handshake, then relays to the HTTP server on 127.0.0.1:`port`; a reset
        /// from that server becomes a reset here, its close a TLS close.
        case forward(port: UInt16)
        /// Reads the client's first bytes (its hello), then resets the connection.
        case resetDuringHandshake
        /// Completes the handshake, then closes without reading or writing anything.
        case closeAfterHandshake
        /// Answers the client's hello with a plain-http error page, as a server without TLS does.
        case plainHTTP
    }

    public let port: UInt16
    /// `https://127.0.0.1:PORT/graphql` (or `https://[::1]:PORT/graphql`).
    public let endpoint: String
    private let listener: LoopbackListener
    private let library: TLSServerLibrary
    private let state = NSLock()
    private var handshakeCount = 0
    private var plaintext = Data()
    private var context: SharedContext

    /// Starts listening; throws without `libssl.so.3`, or on `ipv6` without IPv6.
    public init(_ mode: Mode, certificate: TLSFixture = .server, ipv6: Bool = false) throws {
        guard let library = TLSServerLibrary.shared else { throw TLSServerLibrary.Unavailable(description: "libssl.so.3 not found") }
        self.library = library
        context = SharedContext(pointer: try library.context(certificate: certificate.certificateFile, key: certificate.keyFile))
        listener = try LoopbackListener(ipv6: ipv6)
        port = listener.port
        endpoint = ipv6 ? "https://[::1]:\(port)/graphql" : "https://127.0.0.1:\(port)/graphql"
        let wake = listener.wakeRead
        listener.start { [self] fd in
            let current = state.withLock { context }
            TLSFrontConnection(fd: fd, wake: wake, library: library, context: current.pointer, front: self).serve(mode)
        }
    }

    deinit { listener.stop() }

    /// Presents `certificate` to the connections accepted from now on.
    public func present(_ certificate: TLSFixture) throws {
        let made = SharedContext(pointer: try library.context(certificate: certificate.certificateFile, key: certificate.keyFile))
        state.withLock { context = made }
    }

    /// Forgets the handshakes and bytes recorded so far.
    public func clearRecords() {
        state.withLock {
            handshakeCount = 0
            plaintext = Data()
        }
    }

    /// Stops listening and ends every connection.
    public func stop() { listener.stop() }

    /// Handshakes completed so far.
    public var handshakes: Int { state.withLock { handshakeCount } }

    /// Every application byte clients sent (decrypted), in arrival order across connections.
    public var received: Data { state.withLock { plaintext } }

    /// An `SSL_CTX`, which OpenSSL lets threads share once set up.
    private struct SharedContext: @unchecked Sendable { let pointer: OpaquePointer }

    func recordHandshake() { state.withLock { handshakeCount += 1 } }

    func record(_ bytes: Data) { state.withLock { plaintext.append(bytes) } }
}
