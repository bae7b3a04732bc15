/// The hosts a `no_proxy` list exempts from the proxy, with curl's rules: the one reading of the
/// list, so that the route the transport takes and the credential policy the CLI judges by agree.
///
/// Entries are separated by commas or blanks, as curl reads the list; `*` alone exempts every
/// host. An entry that is an IP address (IPv4, or IPv6 with or without brackets) matches only that
/// address, compared as bytes (`::1` is `0:0:0:0:0:0:0:1`), and one with a prefix length
/// (`127.0.0.0/8`, `fd00::/8`) the addresses in that range; suffixes are never applied to
/// addresses, so `0.0.1` or `.0.0.1` does not exempt `127.0.0.1`. Any other entry is a name: it
/// matches itself and its subdomains (`example.com` and `.example.com` both cover
/// `api.example.com`), case-insensitively, a trailing dot ignored, and never an address. An entry
/// that fits none of these (`127.0.0.1/40`) matches nothing.
public struct NoProxyList: Sendable, Equatable {
    /// The entries as written.
    public let entries: [String]

    /// The entries of a `no_proxy` value.
    public init(_ text: String) {
        entries = text.split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
    }

    public init(entries: [String]) {
        self.entries = entries
    }

    /// Whether requests to `host` (a name or an address, an IPv6 one with or without brackets) go directly.
    public func bypasses(_ host: String) -> Bool {
        let bare = HostName.withoutTrailingDot(HostName.unbracketed(host).lowercased())
        let address = HostName.address(bare)
        return entries.contains { entry in
            if entry == "*" { return true }
            if let address { return Self.entry(entry, covers: address) }
            var suffix = HostName.unbracketed(entry.lowercased())[...]
            if suffix.hasPrefix(".") { suffix = suffix.dropFirst() }
            let name = HostName.withoutTrailingDot(String(suffix))
            guard !name.isEmpty, HostName.address(name) == nil else { return false }
            return bare == name || bare.hasSuffix("." + name)
        }
    }

    /// Whether an address entry (`1.2.3.4`, `[::1]`, `10.0.0.0/8`) covers `address`.
    private static func entry(_ entry: String, covers address: [UInt8]) -> Bool {
        var text = Substring(entry)
        var bits: Int?
        if let slash = text.lastIndex(of: "/") {
            guard let count = Int(text[text.index(after: slash)...]), count >= 0 else { return false }
            bits = count
            text = text[..<slash]
        }
        guard let wanted = HostName.address(HostName.unbracketed(String(text))), wanted.count == address.count else { return false }
        let length = bits ?? wanted.count * 8
        guard length <= wanted.count * 8 else { return false }
        for index in wanted.indices {
            let kept = min(max(length - index * 8, 0), 8)
            let mask = kept == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
            if wanted[index] & mask != address[index] & mask { return false }
        }
        return true
    }
}
