#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hosts `no_proxy` exempts from the proxy, with curl's rules.
///
/// Entries separated by commas or blanks (as curl reads the list); `*` alone exempts every host. An entry that is an IP address (IPv4,
/// or IPv6 with or without brackets) matches only that address, compared as an address
/// (`::1` is `0:0:0:0:0:0:0:1`), and an address with a prefix length (`127.0.0.0/8`, `fd00::/8`)
/// matches the addresses in that range, as curl does; suffix matching is never applied to
/// addresses, so `0.0.1` or `.0.0.1` does not exempt `127.0.0.1`. Any other entry is a name:
/// it matches itself and its subdomains (`example.com` and `.example.com` both cover
/// `api.example.com`), case-insensitively, a trailing dot ignored, and never an address. An
/// entry that fits none of these (`127.0.0.1/40`) matches nothing.
struct NoProxyList {
    let entries: [Substring]

    init(_ text: String) {
        // Commas and blanks both separate entries, as curl reads the list.
        entries = text.split { $0 == "," || $0 == " " || $0 == "\t" }
    }

    /// Whether requests to `host` go directly.
    func bypasses(_ host: NetworkURL.Host) -> Bool {
        entries.contains { entry in
            if entry == "*" { return true }
            switch host {
            case .ipv4(let address): return Self.matches(address: address, family: AF_INET, entry: entry)
            case .ipv6(let address): return Self.matches(address: address, family: AF_INET6, entry: entry)
            case .name(let name): return Self.matches(name: name.lowercased(), entry: entry)
            }
        }
    }

    private static func matches(name: String, entry: Substring) -> Bool {
        var suffix = entry.lowercased()[...]
        if suffix.hasPrefix(".") { suffix = suffix.dropFirst() }
        if suffix.hasSuffix(".") { suffix = suffix.dropLast() }
        guard !suffix.isEmpty, bytes(of: String(suffix), family: AF_INET) == nil, bytes(of: String(suffix), family: AF_INET6) == nil else {
            return false
        }
        return name == suffix || name.hasSuffix("." + suffix)
    }

    private static func matches(address: String, family: Int32, entry: Substring) -> Bool {
        var text = entry
        var bits: Int?
        if let slash = text.lastIndex(of: "/") {
            guard let count = Int(text[text.index(after: slash)...]), count >= 0 else { return false }
            bits = count
            text = text[..<slash]
        }
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        guard let wanted = bytes(of: String(text), family: family), let actual = bytes(of: address, family: family) else { return false }
        let length = bits ?? wanted.count * 8
        guard length <= wanted.count * 8 else { return false }
        return prefix(of: wanted, bits: length) == prefix(of: actual, bits: length)
    }

    /// The address's bytes, or `nil` when `text` is not an address of `family`.
    private static func bytes(of text: String, family: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16)
        guard inet_pton(family, text, &buffer) == 1 else { return nil }
        return Array(buffer.prefix(family == AF_INET ? 4 : 16))
    }

    /// The first `bits` bits of `bytes`, the rest zeroed.
    private static func prefix(of bytes: [UInt8], bits: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(max(bits - index * 8, 0), 8)
            return kept == 8 ? byte : kept == 0 ? 0 : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
        }
    }
}
