#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything the composition root needs to build adapters for one run, resolved from the
/// command line and the environment.
public struct Configuration: Sendable, Equatable {
    /// The tutorial's hosted server, used when nothing else is configured.
    public static let defaultEndpoint = "https://apollo-fullstack-tutorial.herokuapp.com/graphql"
    /// The per-request timeout when nothing else is configured.
    public static let defaultTimeout: Double = 30
    /// The longest per-request timeout accepted, in seconds.
    public static let maximumTimeout: Double = 3_600
    /// The largest answer body accepted when nothing else is configured: 64 MiB.
    public static let defaultMaximumResponseBytes = 64 << 20
    /// The largest value `ROCKET_RESERVER_MAX_RESPONSE_BYTES` may take: 1 TiB.
    public static let maximumResponseBytesLimit = 1 << 40

    /// How the token is written into the `Authorization` header.
    public enum AuthorizationScheme: String, Sendable {
        /// The raw token, as the tutorial server expects.
        case raw
        /// `Bearer <token>`.
        case bearer
    }

    /// The GraphQL endpoint.
    public var endpoint: URL
    /// Per-request timeout in seconds.
    public var timeout: Double
    /// Print JSON instead of text.
    public var json: Bool
    /// Colour the text output (only on a terminal, never with `NO_COLOR`).
    public var color: Bool
    /// Whether standard output is a terminal; when it is not, hints go to standard error.
    public var outputIsTerminal: Bool
    /// The cells a line of a table may take: `COLUMNS`, else the terminal's size, and only
    /// when standard output is a terminal; `nil` means nothing is cut.
    public var terminalWidth: Int?
    /// Whether credentials may be sent to this endpoint: over https, straight to loopback over
    /// plain http (not through a proxy), or when explicitly allowed.
    public var sendsCredentials: Bool
    /// How the token is sent.
    public var authorizationScheme: AuthorizationScheme
    /// Where the credential is stored.
    public var credentialsDirectory: URL
    /// Where the cache is stored.
    public var cacheDirectory: URL
    /// A readable PEM file of extra CAs to trust for https (`--cacert`, `ROCKET_RESERVER_CACERT`).
    public var caCertificatesFile: String? = nil
    /// The proxy every request goes through (``ProxySettings``), or `nil` to connect directly:
    /// decided once, for the endpoint, and judged by ``sendsCredentials`` too.
    public var proxy: URL? = nil
    /// The largest answer body accepted, in bytes (`ROCKET_RESERVER_MAX_RESPONSE_BYTES`).
    public var maximumResponseBytes: Int = Configuration.defaultMaximumResponseBytes
    /// Answer from the cache only and never open a connection (`--offline`, `ROCKET_RESERVER_OFFLINE=1`).
    public var offline = false
    /// Cached records received longer ago are a miss (`--max-age`, `ROCKET_RESERVER_MAX_AGE`); `nil`: no limit.
    public var maxAge: Duration? = nil
    /// The most the cache keeps, in bytes (`ROCKET_RESERVER_CACHE_MAX_BYTES`).
    public var cacheMaximumBytes: Int = Configuration.defaultCacheMaximumBytes
    /// How operations are named on the wire (`--persisted-queries`, `ROCKET_RESERVER_PERSISTED_QUERIES`).
    public var persistedQueries: PersistedQueries = .off
    /// Queries as HTTP GET (`--get`, `ROCKET_RESERVER_GET=1`).
    public var usesGET = false

    /// A configuration with every value given: the resolver's, or a test's.
    package init(
        endpoint: URL, timeout: Double, json: Bool, color: Bool, outputIsTerminal: Bool, terminalWidth: Int?, sendsCredentials: Bool,
        authorizationScheme: AuthorizationScheme, credentialsDirectory: URL, cacheDirectory: URL, caCertificatesFile: String? = nil, proxy: URL? = nil,
        maximumResponseBytes: Int = Configuration.defaultMaximumResponseBytes, offline: Bool = false, maxAge: Duration? = nil,
        cacheMaximumBytes: Int = Configuration.defaultCacheMaximumBytes, persistedQueries: PersistedQueries = .off, usesGET: Bool = false
    ) {
        self.endpoint = endpoint
        self.timeout = timeout
        self.json = json
        self.color = color
        self.outputIsTerminal = outputIsTerminal
        self.terminalWidth = terminalWidth
        self.sendsCredentials = sendsCredentials
        self.authorizationScheme = authorizationScheme
        self.credentialsDirectory = credentialsDirectory
        self.cacheDirectory = cacheDirectory
        self.caCertificatesFile = caCertificatesFile
        self.proxy = proxy
        self.maximumResponseBytes = maximumResponseBytes
        self.offline = offline
        self.maxAge = maxAge
        self.cacheMaximumBytes = cacheMaximumBytes
        self.persistedQueries = persistedQueries
        self.usesGET = usesGET
    }

    /// The cache's size bound when nothing else is configured: 64 MiB.
    public static let defaultCacheMaximumBytes = 64 << 20
    /// The largest `--max-age`: ten years, in seconds.
    public static let maximumMaxAge = 315_360_000

    /// A `--max-age` or `ROCKET_RESERVER_MAX_AGE` value: a whole number of seconds from 0 to ten years.
    package static func maxAgeSeconds(_ text: String, from source: String) throws(UsageError) -> Int {
        try NumberSetting.whole(text, from: source, in: 0...maximumMaxAge, unit: "seconds", note: "ten years")
    }
}
