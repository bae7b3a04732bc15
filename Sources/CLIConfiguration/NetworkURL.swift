import Glibc

/// An http(s) URL as the tool connects with it, checked strictly, part by part, the way curl's
/// URL parser refuses what it cannot use: a scheme, an optional user part, a host (a DNS name, a
/// dotted IPv4 address, or an IPv6 address in brackets), an optional port, and the rest (path,
/// query) untouched.
///
/// What is refused, with a phrase saying why (``Malformed``): anything but printable ASCII; no
/// `://`; an empty host; a host with an empty label (`.a`, `a..b`; one trailing dot is allowed
/// for a name), a label over 63 characters, a name over 253, a character other than letters,
/// digits, `-` and `_` (so no percent-encoding); a host whose last label is a number but that
/// is not a dotted quad of 0-255 without leading zeros (`127.1`, `0177.0.0.1`, `1.2.3.256`,
/// which resolvers would read as other addresses); an IPv6 address without brackets, with an
/// unclosed bracket, a zone (`%25eth0`) or that `inet_pton` does not read; an empty port
/// (`host:`), one with a non-digit, or one outside 1-65535 (no wrapping past 65535).
struct NetworkURL: Equatable {
    /// What the host is.
    enum Host: Equatable {
        /// A DNS name as written, without its trailing dot if it had one.
        case name(String)
        /// A dotted-quad IPv4 address.
        case ipv4(String)
        /// An IPv6 address, without its brackets.
        case ipv6(String)

        /// The host as it is compared and connected to: the name or the address, lower-cased.
        var text: String {
            switch self {
            case .name(let text), .ipv4(let text), .ipv6(let text): text.lowercased()
            }
        }
    }

    /// Why a text is not a usable URL, as a phrase such as "its port is not between 1 and 65535".
    struct Malformed: Error, Equatable {
        var reason: String
    }

    /// The scheme, lower-cased.
    var scheme: String
    /// What is before the `@` of the authority, when there is one.
    var userInfo: Substring?
    var host: Host
    var port: Int?
    /// The path, query and fragment as written (empty, or starting with `/`, `?` or `#`).
    var rest: Substring

    /// Parses `text`; without `://`, `defaultScheme` is assumed when given (a proxy written
    /// `host:port`), else the text is refused.
    static func parse(_ text: String, defaultScheme: String? = nil) throws(Malformed) -> NetworkURL {
        guard !text.isEmpty else { throw Malformed(reason: "it is empty") }
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw Malformed(reason: "it holds a space, a control character or a character that is not ASCII")
        }
        let scheme: Substring
        let afterScheme: Substring
        if let separator = text.firstRange(of: "://") {
            scheme = text[..<separator.lowerBound]
            afterScheme = text[separator.upperBound...]
        } else if let defaultScheme {
            scheme = Substring(defaultScheme)
            afterScheme = Substring(text)
        } else {
            throw Malformed(reason: "it does not start with http:// or https://")
        }
        guard let first = scheme.utf8.first, isLetter(first),
              scheme.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { throw Malformed(reason: "its scheme is not a word such as http") }

        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let rest = afterScheme[authority.endIndex...]
        var hostAndPort = authority
        var userInfo: Substring?
        if let at = authority.lastIndex(of: "@") {
            userInfo = authority[..<at]
            hostAndPort = authority[authority.index(after: at)...]
        }
        let (host, port) = try parseHostAndPort(hostAndPort)
        return NetworkURL(scheme: scheme.lowercased(), userInfo: userInfo, host: host, port: port, rest: rest)
    }

    /// The host and the port of `host[:port]` or `[v6][:port]`.
    private static func parseHostAndPort(_ text: Substring) throws(Malformed) -> (Host, Int?) {
        guard !text.isEmpty else { throw Malformed(reason: "it has no host") }
        let hostText: Substring
        let portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw Malformed(reason: "its IPv6 address has no closing bracket") }
            hostText = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if after.isEmpty {
                portText = nil
            } else if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else {
                throw Malformed(reason: "something other than a port follows its IPv6 address")
            }
            guard !hostText.contains("%") else { throw Malformed(reason: "its IPv6 address has a zone, which is not supported") }
            guard isIPv6(String(hostText)) else { throw Malformed(reason: "its host in brackets is not an IPv6 address") }
            return (.ipv6(String(hostText)), try parsePort(portText))
        }
        guard !text.contains("["), !text.contains("]") else { throw Malformed(reason: "its host has a bracket outside an IPv6 address") }
        let colons = text.filter { $0 == ":" }.count
        guard colons <= 1 else { throw Malformed(reason: "an IPv6 address must be written in brackets, such as [::1]") }
        if let colon = text.firstIndex(of: ":") {
            hostText = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            hostText = text
            portText = nil
        }
        return (try parseHost(hostText), try parsePort(portText))
    }

    /// A name or a dotted-quad address.
    private static func parseHost(_ text: Substring) throws(Malformed) -> Host {
        guard !text.isEmpty else { throw Malformed(reason: "it has no host") }
        if text.contains("%") { throw Malformed(reason: "its host is percent-encoded") }
        guard text.utf8.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E }) else {
            throw Malformed(reason: "its host holds a character other than letters, digits, \"-\", \"_\" and \".\"")
        }
        let hasTrailingDot = text.hasSuffix(".") && text.count > 1
        let name = hasTrailingDot ? text.dropLast() : text
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty }) else { throw Malformed(reason: "its host has an empty label (two dots in a row, or a dot at the start)") }
        guard labels.allSatisfy({ $0.utf8.count <= 63 }) else { throw Malformed(reason: "a label of its host is longer than 63 characters") }
        guard name.utf8.count <= 253 else { throw Malformed(reason: "its host is longer than 253 characters") }
        // A last label that is a number makes the host an IPv4 address, which must then be
        // a plain dotted quad: resolvers read `127.1`, octal `0177.0.0.1` and hex `0x7f.1`
        // as addresses too, and the address they reach must be the one the tool checks.
        if let last = labels.last, isNumeric(last) {
            guard !hasTrailingDot, labels.count == 4, labels.allSatisfy(isOctet) else {
                throw Malformed(reason: "its host is not a valid IPv4 address (four numbers from 0 to 255, without leading zeros)")
            }
            return .ipv4(String(name))
        }
        return .name(String(name))
    }

    private static func parsePort(_ text: Substring?) throws(Malformed) -> Int? {
        guard let text else { return nil }
        guard !text.isEmpty else { throw Malformed(reason: "it has a colon but no port number after it") }
        guard text.utf8.allSatisfy(isDigit) else { throw Malformed(reason: "its port is not a number") }
        let significant = text.drop { $0 == "0" }
        guard significant.utf8.count <= 5, let port = Int(significant.isEmpty ? "0" : significant), (1...65535).contains(port) else {
            throw Malformed(reason: "its port is not between 1 and 65535")
        }
        return port
    }

    /// Whether `text` is an IPv6 address `inet_pton` reads.
    static func isIPv6(_ text: String) -> Bool {
        var scratch = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET6, text, &scratch) == 1
    }

    private static func isNumeric(_ label: Substring) -> Bool {
        if label.utf8.allSatisfy(isDigit) { return true }
        let lower = label.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    private static func isOctet(_ label: Substring) -> Bool {
        guard label.utf8.allSatisfy(isDigit), label == "0" || !label.hasPrefix("0"), label.utf8.count <= 3, let value = Int(label) else {
            return false
        }
        return value <= 255
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
