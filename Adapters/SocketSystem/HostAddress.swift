import HostNames

/// What the transport needs to know about a URL's host (the rules about names themselves are
/// ``HostName``'s, in HostNames).
package enum HostAddress {
    /// The host without the brackets of an IPv6 literal (`[::1]` → `::1`).
    package static func unbracketed(_ host: String) -> String {
        HostName.unbracketed(host)
    }

    /// Whether `host` (unbracketed) is an IPv4 or IPv6 address rather than a name.
    package static func isIPLiteral(_ host: String) -> Bool {
        address(host) != nil
    }

    /// The address's bytes (4 or 16), or `nil` when `host` (unbracketed) is not an IP literal.
    package static func address(_ host: String) -> [UInt8]? {
        HostName.address(host)
    }

    /// Whether `host` (unbracketed) can be connected to and checked against a certificate: an
    /// IP literal, or a DNS name whose labels are 1 to 63 letters, digits, `-` or `_` (at most
    /// 253 characters, one trailing dot allowed) and whose last label is not a number (`127.1`
    /// or `0x7f.1`, which resolvers read as addresses).
    ///
    /// An empty label matters for TLS: OpenSSL's host check reads a name with a leading dot
    /// (`.example.com`) as "any subdomain", so a certificate for `evil.example.com` would pass.
    package static func isValid(_ host: String) -> Bool {
        if isIPLiteral(host) { return true }
        var name = Substring(host)
        if name.count > 1, name.hasSuffix(".") { name = name.dropLast() }
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }
        guard labels.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 63 && $0.utf8.allSatisfy(allowed) }), let last = labels.last else {
            return false
        }
        let lower = last.lowercased()
        let numeric = last.utf8.allSatisfy { (0x30...0x39).contains($0) } || (lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy(\.isHexDigit))
        return !numeric
    }

    /// The name OpenSSL checks the certificate against and sends as SNI: the host without a
    /// trailing dot (`example.com.` is `example.com`, as curl does).
    package static func certificateName(_ host: String) -> String {
        HostName.withoutTrailingDot(host)
    }

    /// `host:port` as it appears in a `Host` header or a CONNECT line (IPv6 in brackets).
    package static func authority(host: String, port: Int) -> String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
