/// Options that apply to every command and may stand before or after it.
public struct GlobalOptions: Equatable, Sendable {
    /// `--endpoint URL`, when given.
    public var endpoint: String?
    /// `--json`: one JSON document on stdout instead of text.
    public var json = false
    /// `--timeout SECONDS`, when given.
    public var timeout: Double?

    public init(endpoint: String? = nil, json: Bool = false, timeout: Double? = nil) {
        self.endpoint = endpoint
        self.json = json
        self.timeout = timeout
    }
}
