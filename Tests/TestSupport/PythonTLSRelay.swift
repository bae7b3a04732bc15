import Foundation

/// A loopback TLS server in Python's `ssl` module (the system's `python3`, standard library
/// only): it terminates TLS with a ``TLSFixture`` certificate and relays the plain bytes to an
/// HTTP server on 127.0.0.1, and logs every handshake with whether it resumed a session
/// (`SSLSocket.session_reused`, the server's own account) and the TLS version. An independent
/// server for the client's session resumption: nothing of OpenSSL's client side is shared.
public final class PythonTLSRelay: @unchecked Sendable {
    /// How the server treats sessions.
    public enum Mode: String, Sendable {
        /// TLS 1.3, tickets resumed (one server context for every connection).
        case tls13
        /// At most TLS 1.2, RFC 5077 tickets resumed.
        case tls12
        /// TLS 1.3 with a new server context (new ticket keys) per connection: every ticket is
        /// turned down and each connection is a full handshake.
        case rejectTickets = "reject"
    }

    /// One handshake the server completed.
    public struct Handshake: Sendable, Equatable {
        public let resumed: Bool
        public let version: String
    }

    /// `https://127.0.0.1:PORT/graphql`.
    public let endpoint: String
    public let port: Int
    private let peer: PythonPeerProcess
    private let folder: TemporaryDirectory
    private let log: URL

    /// The system's Python 3, or `nil` when there is none.
    public static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Starts the server before `backendPort`; throws when Python is missing or it does not start.
    public init(backendPort: Int, mode: Mode = .tls13, certificate: TLSFixture = .server) async throws {
        guard let python = Self.python else { throw ReferenceServer.StartupError(message: "python3 is not installed") }
        folder = try TemporaryDirectory(prefix: "tls-relay")
        let script = folder.url.appendingPathComponent("tls_relay.py")
        log = folder.url.appendingPathComponent("handshakes.log")
        try Data(Self.script.utf8).write(to: script)
        let peer = try await PythonPeerProcess(
            python: python, arguments: [script.path, certificate.certificateFile, certificate.keyFile, String(backendPort), log.path, mode.rawValue]
        )
        let line = peer.firstLine
        guard line.hasPrefix("listening on https://127.0.0.1:"), let port = Int(line.split(separator: ":").last?.split(separator: "/").first ?? "") else {
            peer.abandon()
            folder.remove()
            throw ReferenceServer.StartupError(message: "the Python TLS relay did not start (got \"\(line)\")")
        }
        self.peer = peer
        self.port = port
        endpoint = "https://127.0.0.1:\(port)/graphql"
    }

    deinit {
        peer.abandon()
        folder.remove()
    }

    /// The handshakes completed so far, in order. Each is logged before any byte is relayed, so
    /// once a client has its answer, its handshake is here.
    public var handshakes: [Handshake] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "handshake" else { return nil }
            return Handshake(resumed: fields[1] == "reused=1", version: String(fields[2].dropFirst("version=".count)))
        }
    }

    /// Connections whose handshake failed (logged as `failed`).
    public var failedHandshakes: Int {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("failed") }.count
    }

    private static let script = #"""
    import os, selectors, socket, ssl, sys, threading

    cert, key, backend_port, log_path, mode = sys.argv[1:6]

    def make_context():
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        if mode == "tls12":
            context.maximum_version = ssl.TLSVersion.TLSv1_2
        return context

    shared = make_context()
    lock = threading.Lock()
    log = open(log_path, "a", buffering=1)

    def record(line):
        with lock:
            log.write(line + "\n")
            log.flush()

    def send_all(sock, data):
        sock.setblocking(True)
        try:
            sock.sendall(data)
        finally:
            sock.setblocking(False)

    def relay(tls, backend):
        tls.setblocking(False)
        backend.setblocking(False)
        selector = selectors.DefaultSelector()
        selector.register(tls, selectors.EVENT_READ)
        selector.register(backend, selectors.EVENT_READ)
        while True:
            events = selector.select(timeout=60)
            if not events:
                return
            for event, _ in events:
                if event.fileobj is tls:
                    while True:
                        try:
                            data = tls.recv(65536)
                        except ssl.SSLWantReadError:
                            break
                        except (ssl.SSLError, OSError):
                            return
                        if not data:
                            return
                        send_all(backend, data)
                        if not tls.pending():
                            break
                else:
                    try:
                        data = backend.recv(65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        return
                    if not data:
                        return
                    send_all(tls, data)

    def serve(connection):
        context = make_context() if mode == "reject" else shared
        try:
            connection.settimeout(30)
            tls = context.wrap_socket(connection, server_side=True)
        except (ssl.SSLError, OSError) as error:
            record("failed " + type(error).__name__)
            connection.close()
            return
        record("handshake reused=%d version=%s" % (1 if tls.session_reused else 0, tls.version()))
        try:
            backend = socket.create_connection(("127.0.0.1", int(backend_port)), timeout=30)
        except OSError:
            tls.close()
            return
        try:
            relay(tls, backend)
        finally:
            backend.close()
            tls.close()

    def accept(listener):
        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    threading.Thread(target=accept, args=(listener,), daemon=True).start()
    print("listening on https://127.0.0.1:%d/graphql" % listener.getsockname()[1], flush=True)
    sys.stdin.read()
    os._exit(0)
    """#
}
