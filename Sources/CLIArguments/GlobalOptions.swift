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
    /// `--offline`: answer from the cache only, never opening a connection.
    public var offline = false
    /// `--max-age SECONDS`: cached records received longer ago are a miss, when given.
    public var maxAge: Int?
    /// `--persisted-queries off|auto|only`, when given.
    public var persistedQueries: PersistedQueries?
    /// `--get`: queries as HTTP GET.
    public var get = false

    public init(
        endpoint: String? = nil, json: Bool = false, timeout: Double? = nil, caCertificates: String? = nil, offline: Bool = false, maxAge: Int? = nil
    ) {
        self.maxAge = maxAge
        self.caCertificates = caCertificates
        self.offline = offline
        self.endpoint = endpoint
        self.json = json
        self.timeout = timeout
    }
}
