/// The one source of truth for the command line: the tool, its global options, the
/// environment it reads, its exit statuses and (in `CommandCatalog+Commands.swift`) every
/// command. The parser, `--help`, the completion scripts and the man page all read it.
enum CommandCatalog {
    static let toolName = "rocket-reserver"
    static let version = "1.0.0"
    static let summary = "browse SpaceX launches and book trips on the Apollo tutorial server"

    /// The examples in the tool's own help and the man page.
    static let examples: [ExampleSpec] = [
        ExampleSpec(arguments: "launches --page-size 5", explanation: "The five newest launches"),
        ExampleSpec(arguments: "login me@example.com", explanation: "Log in, then book and list your trips"),
        ExampleSpec(arguments: "book 110", explanation: "Book a seat on launch 110"),
        ExampleSpec(arguments: "--json trips", explanation: "Your trips as one JSON document"),
        ExampleSpec(arguments: "details 110 --offline", explanation: "Launch 110 from the cache, without connecting"),
    ]

    /// Options every command accepts, before or after it.
    static let globalOptions: [OptionSpec] = [
        OptionSpec(name: "--endpoint", valueName: "URL", summary: "GraphQL endpoint (default: $ROCKET_RESERVER_ENDPOINT, else \(Configuration.defaultEndpoint))"),
        OptionSpec(name: "--json", summary: "Print one JSON document instead of text (watch: one JSON object a line)"),
        OptionSpec(name: "--offline", summary: "Answer launches, details and trips from the cache only; never connect (default: $ROCKET_RESERVER_OFFLINE)"),
        OptionSpec(
            name: "--cacert", valueName: "FILE", valueKind: .file,
            summary: "Also trust the CAs in this PEM file for https (default: $ROCKET_RESERVER_CACERT)"
        ),
        OptionSpec(name: "--timeout", valueName: "SECONDS", summary: "Per-request timeout, more than 0 and at most 3600 (default: $ROCKET_RESERVER_TIMEOUT, else 30)"),
        OptionSpec(
            name: "--max-age", valueName: "SECONDS",
            summary: "For launches, details and trips: cached records received longer ago count as not cached (default: $ROCKET_RESERVER_MAX_AGE, else no limit)"
        ),
        OptionSpec(name: "--help", shortName: "-h", summary: "Show help"),
        OptionSpec(name: "--version", summary: "Show the version"),
    ]

    /// Every environment variable the tool reads.
    static let environment: [EnvironmentSpec] = [
        EnvironmentSpec(name: "ROCKET_RESERVER_ENDPOINT", summary: "The GraphQL endpoint when --endpoint is not given"),
        EnvironmentSpec(name: "ROCKET_RESERVER_TIMEOUT", summary: "The per-request timeout in seconds when --timeout is not given"),
        EnvironmentSpec(name: "ROCKET_RESERVER_OFFLINE", summary: "1 answers from the cache only, as --offline; 0 or empty does not"),
        EnvironmentSpec(name: "ROCKET_RESERVER_MAX_AGE", summary: "The oldest cached record used, in seconds, when --max-age is not given"),
        EnvironmentSpec(name: "ROCKET_RESERVER_CACHE_MAX_BYTES", summary: "The most the cache keeps, in bytes (default 64 MiB); least recently used records go first"),
        EnvironmentSpec(name: "ROCKET_RESERVER_AUTH_SCHEME", summary: "How the token is sent: raw (default) or bearer"),
        EnvironmentSpec(name: "ROCKET_RESERVER_ALLOW_INSECURE_HTTP", summary: "1 allows login details over plain http to a host that is not loopback"),
        EnvironmentSpec(name: "ROCKET_RESERVER_MAX_RESPONSE_BYTES", summary: "The largest answer body accepted, in bytes (default 64 MiB)"),
        EnvironmentSpec(name: "ROCKET_RESERVER_CACERT", summary: "A PEM file of extra CAs to trust for https when --cacert is not given"),
        EnvironmentSpec(name: "SSL_CERT_FILE", summary: "The system's trusted CAs as one PEM file, as OpenSSL and curl read it"),
        EnvironmentSpec(name: "SSL_CERT_DIR", summary: "A hashed folder of trusted CAs, as OpenSSL and curl read it"),
        EnvironmentSpec(name: "https_proxy", summary: "Proxy for https endpoints (also HTTPS_PROXY), reached with CONNECT"),
        EnvironmentSpec(name: "http_proxy", summary: "Proxy for http endpoints (lower case only, as curl)"),
        EnvironmentSpec(name: "all_proxy", summary: "Proxy for either scheme when its own variable is not set (also ALL_PROXY); port 1080 when none is given"),
        EnvironmentSpec(name: "no_proxy", summary: "Comma list of hosts, domain suffixes, addresses and CIDR ranges, or *, reached directly (also NO_PROXY)"),
        EnvironmentSpec(name: "ROCKET_RESERVER_HOME", summary: "Keeps the login and the cache under this folder"),
        EnvironmentSpec(name: "XDG_CONFIG_HOME", summary: "The login goes under $XDG_CONFIG_HOME/rocket-reserver (default ~/.config)"),
        EnvironmentSpec(name: "XDG_CACHE_HOME", summary: "The cache goes under $XDG_CACHE_HOME/rocket-reserver (default ~/.cache)"),
        EnvironmentSpec(name: "HOME", summary: "The home folder the defaults above are relative to"),
        EnvironmentSpec(name: "NO_COLOR", summary: "Any non-empty value turns colour off"),
        EnvironmentSpec(name: "COLUMNS", summary: "The width tables are fitted to on a terminal (default: the terminal's width)"),
    ]

    /// The exit statuses, as the help and the man page list them.
    static let exitStatuses: [(status: Int32, meaning: String)] = [
        (0, "success"),
        (1, "the server answered but refused: success false, GraphQL errors, not found"),
        (64, "usage: unknown command or option, malformed argument or endpoint"),
        (69, "the server is unreachable or did not answer in time; its certificate failed verification"),
        (70, "an internal error (a bug; please report it)"),
        (73, "local state (the login, a cache file) could not be written or removed"),
        (74, "standard output or a cache file could not be written or read"),
        (76, "the server's answer was not understood, or it was a redirect (never followed)"),
        (77, "not logged in, or the session is no longer valid"),
        (130, "interrupted"),
    ]

    // Groups of variables, for the commands' lists.
    static let network = [
        "ROCKET_RESERVER_ENDPOINT", "ROCKET_RESERVER_TIMEOUT", "ROCKET_RESERVER_AUTH_SCHEME", "ROCKET_RESERVER_ALLOW_INSECURE_HTTP",
        "ROCKET_RESERVER_MAX_RESPONSE_BYTES", "ROCKET_RESERVER_CACERT", "SSL_CERT_FILE", "SSL_CERT_DIR", "https_proxy", "http_proxy", "all_proxy",
        "no_proxy",
    ]
    static let state = ["ROCKET_RESERVER_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HOME"]
    /// Read by the commands that can answer from the cache alone.
    static let offline = ["ROCKET_RESERVER_OFFLINE", "ROCKET_RESERVER_MAX_AGE"]

    /// The commands that are shown in help, completions and the man page.
    static var visibleCommands: [CommandSpec] { commands.filter { !$0.hidden } }

    /// The description of one command.
    static func spec(for name: CommandName) -> CommandSpec {
        // Every CommandName has an entry (checked by the catalog's tests); the fallback keeps this total.
        commands.first { $0.name == name } ?? CommandSpec(name: name, summary: name.rawValue, description: "")
    }

    /// The option with this long or short name, among the global options and every command's.
    static func option(named name: String) -> OptionSpec? {
        (globalOptions + commands.flatMap(\.options)).first { $0.name == name || $0.shortName == name }
    }

    /// Whether the option is a global one.
    static func isGlobal(_ name: String) -> Bool {
        globalOptions.contains { $0.name == name }
    }
}
