import CommandLineKit

extension CommandCatalog {
    private static let launchID = ArgumentSpec(name: "launch-id", phrase: "a launch id", summary: "The launch's id, as listed by \(CommandName.launches.rawValue)")

    /// Every command, in the order the help lists them.
    package static let commands: [CommandSpec] = [
        CommandSpec(
            name: CommandName.launches.rawValue,
            summary: "List launches, newest first, a page at a time",
            description: "List launches, newest first. A page ends with the command that shows the next one (on standard error when the output is piped). With \(CommandOptions.all.name), rows are printed as their pages arrive, and a progress line is shown on standard error when it is a terminal. When the server cannot be reached, the cached copy of the page is shown with a note on standard error; \(CommandOptions.offline.name) answers from the cache only.",
            options: [
                CommandOptions.pageSize, CommandOptions.after, CommandOptions.all, CommandOptions.maxPages,
            ],
            environment: network + state + offline + ["NO_COLOR", "COLUMNS"],
            examples: [
                ExampleSpec(arguments: "launches --page-size 5", explanation: "The five newest launches"),
                ExampleSpec(arguments: "launches --offline", explanation: "The first page as cached, without connecting"),
                ExampleSpec(arguments: "launches --all --json", explanation: "Every launch, as one JSON document"),
                ExampleSpec(arguments: "launches --all --max-pages 50", explanation: "Every launch, giving up after 50 pages"),
            ]
        ),
        CommandSpec(
            name: CommandName.details.rawValue,
            summary: "Show one launch and whether you have booked it",
            description: "Show one launch: mission, site, rocket, patch and whether you booked it. Served from the cache when possible; with \(CommandOptions.offline.name), only from the cache.",
            arguments: [launchID],
            options: [CommandOptions.forceReload.summarized("Ask the server, ignoring and refreshing the cache (never falls back to it)")],
            environment: network + state + offline + ["NO_COLOR"],
            examples: [
                ExampleSpec(arguments: "details 110", explanation: "Launch 110, from the cache when it is there"),
                ExampleSpec(arguments: "details 110 --offline", explanation: "Launch 110 from the cache only (exit 69 when it is not there)"),
                ExampleSpec(arguments: "details 110 --force-reload --json", explanation: "Ask the server again; print JSON"),
            ]
        ),
        CommandSpec(
            name: CommandName.login.rawValue,
            summary: "Log in with your email address",
            description: "Log in with your email address; the token is kept for this endpoint only.",
            arguments: [ArgumentSpec(name: "email", phrase: "an email address", summary: "The address to log in with")],
            environment: network + state,
            examples: [
                ExampleSpec(arguments: "login me@example.com", explanation: "Log in on the configured endpoint"),
                ExampleSpec(arguments: "--endpoint http://127.0.0.1:4000/graphql login me@example.com", explanation: "Log in on a local server"),
            ]
        ),
        CommandSpec(
            name: CommandName.logout.rawValue,
            summary: "Forget your login and everything cached for you",
            description: "Forget the stored login for this endpoint and everything cached for its users.",
            environment: ["ROCKET_RESERVER_ENDPOINT"] + state,
            examples: [ExampleSpec(arguments: "logout", explanation: "Log out of the configured endpoint")]
        ),
        CommandSpec(
            name: CommandName.whoami.rawValue,
            summary: "Show who is logged in on the endpoint",
            description: "Print the email address logged in on this endpoint, from the stored login; no request is sent. Exits 77 when nobody is logged in.",
            environment: ["ROCKET_RESERVER_ENDPOINT"] + state,
            examples: [
                ExampleSpec(arguments: "whoami", explanation: "The address logged in on the configured endpoint"),
                ExampleSpec(arguments: "whoami --json", explanation: "{\"email\": …, \"endpoint\": …}"),
            ]
        ),
        CommandSpec(
            name: CommandName.book.rawValue,
            summary: "Book a trip on a launch",
            description: "Book a trip on the launch. Needs a login.",
            arguments: [launchID],
            environment: network + state + ["NO_COLOR"],
            examples: [ExampleSpec(arguments: "book 110", explanation: "Book a seat on launch 110")]
        ),
        CommandSpec(
            name: CommandName.cancel.rawValue,
            summary: "Cancel your trip on a launch",
            description: "Cancel your trip on the launch. Needs a login.",
            arguments: [launchID],
            environment: network + state + ["NO_COLOR"],
            examples: [ExampleSpec(arguments: "cancel 110", explanation: "Give up your seat on launch 110")]
        ),
        CommandSpec(
            name: CommandName.trips.rawValue,
            summary: "List your booked trips",
            description: "List the trips you have booked. Needs a login. When the server cannot be reached, the cached list is shown with a note on standard error; \(CommandOptions.offline.name) answers from the cache only. With \(CommandOptions.watch.name), the list is printed again whenever it changes (a booking anywhere makes it ask the server again; another process's change to the same cache shows too) until Ctrl-C or SIGTERM (exit 0): on a terminal it is redrawn in place, piped each new list is appended (with \(CommandOptions.json.name), one document a list). \(CommandOptions.watch.name) needs the server, so not with \(CommandOptions.offline.name).",
            options: [CommandOptions.watch],
            environment: network + state + offline + ["NO_COLOR", "COLUMNS"],
            examples: [
                ExampleSpec(arguments: "trips --json", explanation: "Your trips, as JSON"),
                ExampleSpec(arguments: "trips --offline", explanation: "Your trips as last fetched, without connecting"),
                ExampleSpec(arguments: "trips --watch", explanation: "Your trips, kept current until Ctrl-C"),
            ]
        ),
        CommandSpec(
            name: CommandName.watch.rawValue,
            summary: "Print bookings and cancellations as they happen",
            description: "Follow the server's booking activity live (the tutorial's tripsBooked subscription, over a WebSocket) and print each event as it arrives: \"2 trips were booked.\", \"A trip was booked.\", \"A trip was cancelled.\"; with \(CommandOptions.json.name), one object a line, {\"tripsBooked\":2}, written as it arrives. Everyone's bookings are shown and no login is needed. A lost connection is noted on standard error and reconnected; bookings made while it was down are missed. Runs until Ctrl-C or SIGTERM (exit 0), or until the reader of its output goes away; exits 69 when it cannot connect at all within \(CommandOptions.timeout.name). It needs the server, so not with \(CommandOptions.offline.name).",
            environment: network + state,
            examples: [
                ExampleSpec(arguments: "watch", explanation: "Print each booking and cancellation until Ctrl-C"),
                ExampleSpec(arguments: "watch --json", explanation: "One {\"tripsBooked\": N} object a line (-1: a cancellation)"),
            ]
        ),
        CommandSpec(
            name: CommandName.app.rawValue,
            summary: "Open the tutorial's screens in a full-screen terminal app",
            description: "The tutorial's app in the terminal, on the same use cases as the commands: the launch list (\u{2191}/\u{2193} or j/k, PgUp/PgDn; the next page loads as you near the end), a launch's details (Enter) with the one button, b to book or cancel (it shows at once and the server confirms it; a failure is rolled back and said), r to reload from the server, Esc to go back; the login sheet (l, or b while logged out: the booking goes on after the login); your trips (t); ? lists the keys; q goes back and quits from the list; Ctrl-C quits from anywhere. Every screen follows the cache, so a booking made by another process on the same cache shows within a second, and a banner shows each booking on the server (the watch command's words). The status line names the server, who is logged in, and \"offline\" while the server cannot be reached: the app goes on from the cache and comes back online by itself. It needs a terminal on both standard input and output (exit 64 otherwise) and a TERM other than dumb; NO_COLOR turns colour off. Not with \(CommandOptions.offline.name).",
            environment: network + state,
            examples: [
                ExampleSpec(arguments: "app", explanation: "Browse, book and cancel in the terminal; q or Ctrl-C quits"),
            ]
        ),
        CommandSpec(
            name: CommandName.query.rawValue,
            summary: "Run a GraphQL operation from a file and print its data as JSON",
            description: "Run an operation written in a .graphql file through the same client as the other commands: your login is sent, queries are answered from the cache when it has every field and retried when the server is briefly unavailable, mutations always go to the server once. The document is first checked against the endpoint's schema (fetched by introspection and kept in the cache folder, or \(CommandOptions.schema.name)); a mistake is reported as file:line:column and nothing is sent. Variables are converted by their declared types. The answer's data is printed as JSON once it is complete (an answer delivered in parts with @defer is printed merged); the server's errors go to standard error and the exit status is 1. With \(CommandOptions.json.name) \(CommandOptions.incremental.name), each part is printed as it arrives, as one line of JSON: the data so far, deferred fields added as their parts arrive, the last line the whole answer. A subscription is run over a WebSocket (graphql-transport-ws or graphql-ws, as the server picks): each event's data is printed as one line of JSON as it arrives, until the server completes it (exit 0; 1 after its error) or Ctrl-C or SIGTERM (exit 0). A lost connection is noted on standard error and reconnected; events published while it was down are missed. It exits 69 when it cannot connect at all within \(CommandOptions.timeout.name).",
            arguments: [ArgumentSpec(name: "file", phrase: "a .graphql file", summary: "The document with the operation to run", valueKind: .file)],
            options: [
                CommandOptions.variable, CommandOptions.operation, CommandOptions.schema,
                CommandOptions.forceReload.summarized("Ask the server, ignoring and refreshing the cache and the kept schema"), CommandOptions.incremental,
            ],
            environment: network + state,
            examples: [
                ExampleSpec(arguments: "query LaunchDetails.graphql --var launchId=25", explanation: "Run it; $launchId (ID!) is sent as \"25\""),
                ExampleSpec(arguments: "query Trips.graphql --operation BookTrip --var id=110", explanation: "Choose one of the file's operations"),
                ExampleSpec(arguments: "query Launches.graphql --schema schema.graphqls --force-reload", explanation: "Check against a local schema; skip the cache"),
                ExampleSpec(arguments: "query TripsBooked.graphql", explanation: "A subscription: one {\"tripsBooked\":N} line an event, until Ctrl-C"),
                ExampleSpec(arguments: "query Deferred.graphql --json --incremental | jq -c .launch", explanation: "An answer with @defer: one line a part, as it arrives"),
            ]
        ),
        CommandSpec(
            name: CommandName.schema.rawValue,
            summary: "Print the endpoint's schema as SDL",
            description: "Fetch the endpoint's schema by introspection and print it as SDL (types, fields, arguments, enums and descriptions). It is also kept for the \(CommandName.query.rawValue) command.",
            options: [CommandOptions.output],
            environment: network + state,
            examples: [
                ExampleSpec(arguments: "schema", explanation: "Print the schema"),
                ExampleSpec(arguments: "schema --output schema.graphqls", explanation: "Save it, e.g. for \(CommandName.query.rawValue) \(CommandOptions.schema.name)"),
            ]
        ),
        CommandSpec(
            name: CommandName.cache.rawValue,
            usage: CacheAction.allCases.reduce("") { $0 + ($0.isEmpty ? "" : " | ") + "\(CommandName.cache.rawValue) \($1.rawValue)" } + " [\(CommandOptions.all.name)]",
            summary: "Show, tidy or clear the cached answers",
            description: "\(CacheAction.info.rawValue) shows the cache of this endpoint and user (an SQLite database): its path, size in bytes, number of records and the age of its oldest and newest records. \(CacheAction.gc.rawValue) removes the records no query can reach and references to records that are gone, and says how many. \(CacheAction.clear.rawValue) removes the cache; with \(CommandOptions.all.name), the cache of every endpoint and user. The login is never touched. The cache keeps to a size bound (ROCKET_RESERVER_CACHE_MAX_BYTES, default \(Configuration.defaultCacheMaximumBytes >> 20) MiB) by removing the least recently used records first.",
            arguments: [ArgumentSpec(name: "action", phrase: "an action", summary: "What to do", choices: CacheAction.allCases.map(\.rawValue))],
            options: [CommandOptions.all.summarized("With \(CacheAction.clear.rawValue): remove every endpoint's and user's cache")],
            environment: ["ROCKET_RESERVER_ENDPOINT", "ROCKET_RESERVER_ALLOW_INSECURE_HTTP", "ROCKET_RESERVER_CACHE_MAX_BYTES"] + state,
            examples: [
                ExampleSpec(arguments: "cache info --json", explanation: "{\"path\": …, \"bytes\": N, \"records\": N, …}"),
                ExampleSpec(arguments: "cache gc", explanation: "Remove records nothing refers to"),
                ExampleSpec(arguments: "cache clear --all", explanation: "Remove every cache file; logins stay"),
            ]
        ),
        CommandSpec(
            name: CommandName.completion.rawValue,
            summary: "Print a shell completion script",
            description: "Print a completion script for every command and option.",
            arguments: [ArgumentSpec(name: "shell", phrase: "a shell", summary: "The shell to complete in", choices: Shell.allCases.map(\.rawValue))],
            examples: [
                ExampleSpec(arguments: "completion bash > ~/.local/share/bash-completion/completions/\(toolName)", explanation: "Install for bash"),
                ExampleSpec(arguments: "completion zsh > \"${fpath[1]}/_\(toolName)\"", explanation: "Install for zsh"),
                ExampleSpec(arguments: "completion fish > ~/.config/fish/completions/\(toolName).fish", explanation: "Install for fish"),
            ]
        ),
        CommandSpec(
            name: CommandName.man.rawValue,
            summary: "Print the man page (roff)",
            description: "Print the man page, generated from the same description as \(CommandOptions.help.name).",
            examples: [ExampleSpec(arguments: "man > Docs/man/\(toolName).1", explanation: "Regenerate the committed man page")],
            hidden: true
        ),
    ]
}
