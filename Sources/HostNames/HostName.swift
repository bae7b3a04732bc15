import Glibc

/// Rules about host names that every layer applies the same way.
public enum HostName {
    /// Whether `host` names this machine: `localhost`, an IPv4 address in 127.0.0.0/8, or `::1`
    /// (bracketed as in a URL or not, any letter case).
    public static func isLoopback(_ host: String) -> Bool {
        let name = unbracketed(host.lowercased())
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets.first == "127"
    }

    /// Whether `host` is under the reserved `.invalid` domain (RFC 6761), which never resolves:
    /// `invalid` itself or a name ending in `.invalid`, a trailing dot allowed, any letter case.
    public static func isInvalid(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "invalid" || lowered.hasSuffix(".invalid") || lowered.hasSuffix(".invalid.")
    }

    /// The host without the brackets of an IPv6 literal (`[::1]` → `::1`).
    public static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The address's bytes (4 or 16), or `nil` when `host` (unbracketed) is not an IPv4 or IPv6 literal.
    public static func address(_ host: String) -> [UInt8]? {
        var scratch = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, host, &scratch) == 1 { return Array(scratch.prefix(4)) }
        if inet_pton(AF_INET6, host, &scratch) == 1 { return scratch }
        return nil
    }

    /// The name without its one trailing dot (`example.com.` is `example.com`); a lone `.` stays.
    public static func withoutTrailingDot(_ name: String) -> String {
        name.count > 1 && name.hasSuffix(".") ? String(name.dropLast()) : name
    }
}
