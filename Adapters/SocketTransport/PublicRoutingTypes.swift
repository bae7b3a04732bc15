import SocketRouting

// The public settings of the socket clients, declared in SocketRouting and named under this
// module, so that `import SocketTransport` names them as it did before routing had a target of
// its own (no target re-exports another).

/// The TLS settings: extra trusted CAs beside the system's store (``SocketRouting/TLSConfiguration``).
public typealias TLSConfiguration = SocketRouting.TLSConfiguration
/// The proxies to use, as curl reads them (``SocketRouting/ProxyConfiguration``).
public typealias ProxyConfiguration = SocketRouting.ProxyConfiguration
