#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the transport needs to know about a URL's host.
enum HostAddress {
    /// The host without the brackets of an IPv6 literal (`[::1]` → `::1`).
    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Whether `host` (unbracketed) is an IPv4 or IPv6 address rather than a name.
    static func isIPLiteral(_ host: String) -> Bool {
        var scratch = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, host, &scratch) == 1 || inet_pton(AF_INET6, host, &scratch) == 1
    }

    /// `host:port` as it appears in a `Host` header or a CONNECT line (IPv6 in brackets).
    static func authority(host: String, port: Int) -> String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
