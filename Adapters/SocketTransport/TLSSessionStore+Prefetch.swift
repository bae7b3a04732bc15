#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import POSIXSupport
import SocketSystem
import SocketTLS

/// A kept session read and decoded before its connection asked for it (key and expiry checked when offered).
struct PrefetchedSession: @unchecked Sendable {
    let key: [UInt8]
    let expiry: Int64
    let session: TLSSession
}

extension TLSSessionStore {
    /// Reads and decodes the session kept for `url`'s origin now, blocking the calling thread
    /// (loading OpenSSL if need be): on a thread of its own at start-up, decoding the certificate
    /// kept with it overlaps the making of the TLS context. It is offered only as
    /// ``session(for:trust:)`` offers the file's: to its origin, under its trust, unexpired.
    public func prefetchSession(for url: URL) {
        guard url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty, let codec = TLSSessionCodec.shared else { return }
        let origin = ConnectionOrigin(secure: true, host: HostAddress.unbracketed(host), port: url.port ?? 443, proxy: nil)
        let path = path(for: origin)
        guard let bytes = try? FileIO.read(path, limit: Self.maximumBytes), let record = Self.parse(bytes),
              record.expiry > now(), let session = codec.session(from: record.session)
        else { return }
        prefetched.withLock { $0[path] = PrefetchedSession(key: record.key, expiry: record.expiry, session: session) }
    }

    /// Forgets what this process knows of the file at `path` (its expiry, a prefetched session).
    func forget(_ path: String) {
        expiries.withLock { $0[path] = nil }
        prefetched.withLock { $0[path] = nil }
    }
}
