#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import POSIXSupport
import Synchronization
import SocketSystem
import SocketTLS
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the TLS session (the ticket) of each `https` origin in a folder, so the next process
/// resumes it instead of a full handshake.
///
/// One file per origin (scheme, host, port): `tls-session-<16 hex digits>`, mode 0600, replaced
/// atomically (a temporary file renamed over it; a symlink there is replaced, never followed).
/// The file binds the session to its origin and to the trust settings that verified the server
/// (the system store's bundle and folder, the extra CA file's content) and holds when it
/// expires (the session's timeout and the server's lifetime hint, at most seven days). A session
/// is offered only to the origin it came from, under the same trust, before it expires; a file
/// that is a symlink, damaged, truncated or too large is ignored (a full handshake follows and
/// replaces it). The transport drops a file whose session the server turned down.
///
/// A session is written after a full handshake, and after a resumed one only once the stored
/// session has used half its lifetime: a process that resumes writes nothing. A resumed session
/// still names its server's certificate, which is checked against the host again. Sessions never
/// carry 0-RTT early data.
public final class TLSSessionStore: Sendable {
    /// The folder the files are in (created 0700 when the first session is kept).
    public let folder: String
    private let now: @Sendable () -> Int64
    /// When each session read from or written to the folder in this process expires, per file.
    private let expiries = Mutex<[String: Int64]>([:])

    /// A store in `folder`; `now` is the time in seconds since 1970 (tests move it on).
    public init(folder: String, now: @escaping @Sendable () -> Int64 = { Int64(Glibc.time(nil)) }) {
        self.folder = folder
        self.now = now
    }

    /// The start of every session file's name.
    static let prefix = "tls-session-"
    /// The largest file read: a session with the server's certificate is a few KiB.
    static let maximumBytes = 64 << 10
    private static let magic = Array("RRTLSS1\n".utf8)

    /// Removes the kept session of `url`'s origin (an `https` URL; others have none); returns
    /// the path when it could not be removed.
    @discardableResult
    public func removeSession(for url: URL) -> [String] {
        guard url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else { return [] }
        let origin = ConnectionOrigin(secure: true, host: HostAddress.unbracketed(host), port: url.port ?? 443, proxy: nil)
        let path = path(for: origin)
        expiries.withLock { $0[path] = nil }
        do { try FileIO.remove(path) } catch { return [path] }
        return []
    }

    /// Removes every kept session in the folder; returns the paths that could not be removed.
    @discardableResult
    public func removeAll() -> [String] {
        let names = (try? FileIO.names(in: folder)) ?? []
        var left: [String] = []
        for name in names where name.hasPrefix(Self.prefix) || (name.hasPrefix("." + Self.prefix) && name.hasSuffix(".tmp")) {
            do { try FileIO.remove(folder + "/" + name) } catch { left.append(folder + "/" + name) }
        }
        expiries.withLock { $0.removeAll() }
        return left
    }

    /// The session kept for `origin` under `context`'s trust, if one is there and still valid.
    func session(for origin: ConnectionOrigin, trust context: TLSContext) -> TLSSession? {
        guard let codec = TLSSessionCodec.shared else { return nil }
        let path = path(for: origin)
        // A symlink, a FIFO, a folder or an oversized file is refused, and read as nothing.
        guard let bytes = try? FileIO.read(path, limit: Self.maximumBytes),
              let record = Self.parse(bytes), record.key == Self.key(origin, trust: context, codec: codec),
              record.expiry > now(), let session = codec.session(from: record.session)
        else { return nil }
        expiries.withLock { $0[path] = record.expiry }
        return session
    }

    /// Keeps `session`, which `connection` established (resumed or not), for `origin`.
    func keep(_ session: TLSSession, for origin: ConnectionOrigin, from connection: TLSStream) {
        guard let codec = TLSSessionCodec.shared, let expiry = codec.expiry(of: session) else { return }
        let path = path(for: origin)
        let now = now()
        guard expiry > now else { return }
        if TLSSession.wasResumed(connection.ssl), let stored = expiries.withLock({ $0[path] }), stored - now > (expiry - now) / 2 {
            return  // the stored session has more than half of a new one's lifetime left
        }
        guard let encoded = codec.bytes(of: session) else { return }
        let key = Self.key(origin, trust: connection.context, codec: codec)
        do {
            try FileIO.createFolder(folder)
        } catch {
            return  // A session that cannot be kept only costs the next process a full handshake.
        }
        if Self.replace(path, with: Self.record(key: key, expiry: expiry, session: encoded)) {
            expiries.withLock { $0[path] = expiry }
        }
    }

    /// Replaces `path` atomically with `bytes` (`FileIO.writeAtomically`: a 0600 temporary file
    /// beside it, locked for the stale-file sweeper, renamed over it; a link there is replaced,
    /// never followed) but without flushing to disk: a session lost in a crash costs one full
    /// handshake, and a file the crash left short is read as damaged, so waiting for the disk
    /// (several milliseconds here) would only slow the process that writes it.
    static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        (try? FileIO.writeAtomically(bytes, to: path, durable: false)) != nil
    }

    /// Forgets the session kept for `origin`: the server turned it down, or it is not wanted.
    func remove(_ origin: ConnectionOrigin) {
        let path = path(for: origin)
        try? FileIO.remove(path)
        expiries.withLock { $0[path] = nil }
    }

    /// The file of `origin`'s session.
    func path(for origin: ConnectionOrigin) -> String {
        folder + "/" + Self.prefix + FNV1a.hex(Self.name(of: origin))
    }

    /// `https://host:port`: never the proxy, whose credentials must not reach the disk (the TLS
    /// session is with the server either way).
    static func name(of origin: ConnectionOrigin) -> String {
        "https://" + HostAddress.authority(host: origin.host, port: origin.port)
    }

    /// What a session is bound to: its origin and the SHA-256 of the trust settings.
    static func key(_ origin: ConnectionOrigin, trust context: TLSContext, codec: TLSSessionCodec) -> [UInt8] {
        Array((name(of: origin) + " trust=" + codec.digest(context.trust)).utf8)
    }

    /// The file's bytes: the magic line, the expiry (8 bytes), the key's length (2) and bytes,
    /// the session's length (4) and DER bytes; integers big-endian.
    static func record(key: [UInt8], expiry: Int64, session: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: expiry) >> ($0 * 8)) }
        bytes += [UInt8(truncatingIfNeeded: key.count >> 8), UInt8(truncatingIfNeeded: key.count)] + key
        bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: session.count >> ($0 * 8)) } + session
        return bytes
    }

    /// The parts of a file ``record(key:expiry:session:)`` wrote, or `nil` for anything else
    /// (another format, a truncated file, bytes left over).
    static func parse(_ bytes: [UInt8]) -> (key: [UInt8], expiry: Int64, session: [UInt8])? {
        var reader = bytes[...]
        func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, reader.count >= count else { return nil }
            defer { reader = reader.dropFirst(count) }
            return reader.prefix(count)
        }
        func number(_ count: Int) -> UInt64? { take(count)?.reduce(0) { $0 << 8 | UInt64($1) } }
        guard take(magic.count).map(Array.init) == magic, let expiry = number(8), let keyCount = number(2),
              let key = take(Int(keyCount)), let sessionCount = number(4), let session = take(Int(sessionCount)), reader.isEmpty
        else { return nil }
        return (Array(key), Int64(bitPattern: expiry), Array(session))
    }
}
