/// Rules about host names that every layer applies the same way.
public enum HostName {
    /// Whether `host` names this machine: `localhost`, an IPv4 address in 127.0.0.0/8, or `::1`
    /// (bracketed as in a URL or not, any letter case).
    public static func isLoopback(_ host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("["), name.hasSuffix("]") { name = name.dropFirst().dropLast() }
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
}
