import SocketTLS

/// The TLS session of the last connection to each origin, offered to the next new one.
extension ConnectionPool {
    /// The TLS session to offer a new connection to `origin`.
    func session(for origin: ConnectionOrigin) -> TLSSession? {
        guard options.resumesTLSSessions else { return nil }
        return state.withLock { $0.origins[origin]?.session }
    }

    /// Keeps `session` for the next new connection to `origin`.
    func keep(_ session: TLSSession, for origin: ConnectionOrigin) {
        guard options.resumesTLSSessions else { return }
        state.withLock { $0.origins[origin, default: Origin()].session = session }
    }
}
