/// Options that apply to every command and may stand before or after it.
public struct GlobalOptions: Equatable, Sendable {
    /// `--endpoint URL`, when given.
    public var endpoint: String?
    /// `--json`: one JSON document on stdout instead of text.
    public var json = false
    /// `--timeout SECONDS`, when given.
    public var timeout: Double?
    /// `--cacert FILE`: a PEM bundle of extra CAs to trust for https, when given.
    public var caCertificates: String?

    public init(endpoint: String? = nil, json: Bool = false, timeout: Double? = nil, caCertificates: String? = nil) {
        self.caCertificates = caCertificates
        self.endpoint = endpoint
        self.json = json
        self.timeout = timeout
    }
}
