/// Checks that a listening host is a loopback address, and formats it for URLs.
enum LoopbackHost {
    /// Whether `host` is `localhost`, an IPv4 address in 127.0.0.0/8, or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let bare = unbracketed(host)
        if bare.lowercased() == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" {
            return true
        }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.first == "127" else {
            return false
        }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCII) && UInt8(octet) != nil
        }
    }

    /// The host without IPv6 brackets (`[::1]` → `::1`), as the socket layer wants it.
    static func unbracketed(_ host: String) -> String {
        if host.hasPrefix("["), host.hasSuffix("]") {
            return String(host.dropFirst().dropLast())
        }
        return host
    }

    /// The host as written in a URL (`::1` → `[::1]`).
    static func forURL(_ host: String) -> String {
        let bare = unbracketed(host)
        return bare.contains(":") ? "[\(bare)]" : bare
    }
}
