import CommandLineKit

/// The one source of truth for the command line: the tool, its global options, the
/// environment it reads and (in `CommandCatalog+Commands.swift`) every command; the exit
/// statuses are ``ExitCode``'s. The parser, `--help`, the completion scripts and the man page
/// all read ``tool``.
package enum CommandCatalog {
    /// The tool's name: every other spelling of it (help, man page, completions, messages) comes from here.
    package static let toolName = "rocket-reserver"
    package static let version = "1.0.0"
    package static let summary = "browse SpaceX launches and book trips on the Apollo tutorial server"

    /// The examples in the tool's own help and the man page.
    package static let examples: [ExampleSpec] = [
        ExampleSpec(arguments: "launches \(CommandOptions.pageSize.name) 5", explanation: "The five newest launches"),
        ExampleSpec(arguments: "login me@example.com", explanation: "Log in, then book and list your trips"),
        ExampleSpec(arguments: "book 110", explanation: "Book a seat on launch 110"),
        ExampleSpec(arguments: "\(CommandOptions.json.name) trips", explanation: "Your trips as one JSON document"),
        ExampleSpec(arguments: "details 110 \(CommandOptions.offline.name)", explanation: "Launch 110 from the cache, without connecting"),
    ]

    /// Options every command accepts, before or after it.
    package static let globalOptions: [OptionSpec] = [
        CommandOptions.endpoint, CommandOptions.json, CommandOptions.offline, CommandOptions.caCertificates, CommandOptions.timeout,
        CommandOptions.maxAge, CommandOptions.persistedQueries, CommandOptions.get, CommandOptions.help, CommandOptions.version,
    ]

    /// Every environment variable the tool reads.
    package static let environment: [EnvironmentSpec] = [
        EnvironmentSpec(name: "ROCKET_RESERVER_ENDPOINT", summary: "The GraphQL endpoint when \(CommandOptions.endpoint.name) is not given"),
        EnvironmentSpec(name: "ROCKET_RESERVER_TIMEOUT", summary: "The per-request timeout in seconds when \(CommandOptions.timeout.name) is not given"),
        EnvironmentSpec(name: "ROCKET_RESERVER_OFFLINE", summary: "1 answers from the cache only, as \(CommandOptions.offline.name); 0 or empty does not"),
        EnvironmentSpec(name: "ROCKET_RESERVER_MAX_AGE", summary: "The oldest cached record used, in seconds, when \(CommandOptions.maxAge.name) is not given"),
        EnvironmentSpec(
            name: "ROCKET_RESERVER_CACHE_MAX_BYTES", summary: "The most the cache keeps, in bytes (default \(Configuration.defaultCacheMaximumBytes >> 20) MiB); least recently used records go first"
        ),
        EnvironmentSpec(name: "ROCKET_RESERVER_PERSISTED_QUERIES", summary: "off, auto or only, when \(CommandOptions.persistedQueries.name) is not given"),
        EnvironmentSpec(name: "ROCKET_RESERVER_GET", summary: "1 sends queries as HTTP GET, as \(CommandOptions.get.name); 0 or empty does not"),
        EnvironmentSpec(name: "ROCKET_RESERVER_AUTH_SCHEME", summary: "How the token is sent: raw (default) or bearer"),
        EnvironmentSpec(name: "ROCKET_RESERVER_ALLOW_INSECURE_HTTP", summary: "1 allows login details over plain http to a host that is not loopback"),
        EnvironmentSpec(name: "ROCKET_RESERVER_MAX_RESPONSE_BYTES", summary: "The largest answer body accepted, in bytes (default \(Configuration.defaultMaximumResponseBytes >> 20) MiB)"),
        EnvironmentSpec(name: "ROCKET_RESERVER_CACERT", summary: "A PEM file of extra CAs to trust for https when \(CommandOptions.caCertificates.name) is not given"),
        EnvironmentSpec(name: "SSL_CERT_FILE", summary: "The system's trusted CAs as one PEM file, as OpenSSL and curl read it"),
        EnvironmentSpec(name: "SSL_CERT_DIR", summary: "A hashed folder of trusted CAs, as OpenSSL and curl read it"),
        EnvironmentSpec(name: "https_proxy", summary: "Proxy for https endpoints (also HTTPS_PROXY), reached with CONNECT"),
        EnvironmentSpec(name: "http_proxy", summary: "Proxy for http endpoints (lower case only, as curl)"),
        EnvironmentSpec(name: "all_proxy", summary: "Proxy for either scheme when its own variable is not set (also ALL_PROXY); port 1080 when none is given"),
        EnvironmentSpec(name: "no_proxy", summary: "Comma list of hosts, domain suffixes, addresses and CIDR ranges, or *, reached directly (also NO_PROXY)"),
        EnvironmentSpec(name: "ROCKET_RESERVER_HOME", summary: "Keeps the login and the cache under this folder"),
        EnvironmentSpec(name: "XDG_CONFIG_HOME", summary: "The login goes under $XDG_CONFIG_HOME/\(toolName) (default ~/.config)"),
        EnvironmentSpec(name: "XDG_CACHE_HOME", summary: "The cache goes under $XDG_CACHE_HOME/\(toolName) (default ~/.cache)"),
        EnvironmentSpec(name: "HOME", summary: "The home folder the defaults above are relative to"),
        EnvironmentSpec(name: "NO_COLOR", summary: "Any non-empty value turns colour off"),
        EnvironmentSpec(name: "COLUMNS", summary: "The width tables are fitted to on a terminal (default: the terminal's width)"),
    ]

    // Groups of variables, for the commands' lists.
    package static let network = [
        "ROCKET_RESERVER_ENDPOINT", "ROCKET_RESERVER_TIMEOUT", "ROCKET_RESERVER_PERSISTED_QUERIES", "ROCKET_RESERVER_GET", "ROCKET_RESERVER_AUTH_SCHEME",
        "ROCKET_RESERVER_ALLOW_INSECURE_HTTP",
        "ROCKET_RESERVER_MAX_RESPONSE_BYTES", "ROCKET_RESERVER_CACERT", "SSL_CERT_FILE", "SSL_CERT_DIR", "https_proxy", "http_proxy", "all_proxy",
        "no_proxy",
    ]
    package static let state = ["ROCKET_RESERVER_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HOME"]
    /// Read by the commands that can answer from the cache alone.
    package static let offline = ["ROCKET_RESERVER_OFFLINE", "ROCKET_RESERVER_MAX_AGE"]

    /// The whole command line, for the parser and the generated help, man page and completions.
    package static let tool = ToolSpec(
        name: toolName, version: version, summary: summary, examples: examples, globalOptions: globalOptions, environment: environment,
        exitStatuses: ExitCode.allCases.map { ($0.rawValue, $0.meaning) }, commands: commands,
        completionCommand: CommandName.completion.rawValue, manCommand: CommandName.man.rawValue
    )

    /// The commands that are shown in help, completions and the man page.
    package static var visibleCommands: [CommandSpec] { tool.visibleCommands }

    /// The description of one command.
    package static func spec(for name: CommandName) -> CommandSpec {
        // Every CommandName has an entry (checked by the catalog's tests); the fallback keeps this total.
        tool.command(named: name.rawValue) ?? CommandSpec(name: name.rawValue, summary: name.rawValue, description: "")
    }
}
