import CommandLineKit
import Domain
import UseCases

/// Every option of the tool, each declared once: the catalog lists these values, and the
/// parser and the messages look options up by them, never by a name typed again.
package enum CommandOptions {
    // MARK: Global

    package static let endpoint = OptionSpec(
        name: "--endpoint", valueName: "URL", summary: "GraphQL endpoint (default: $ROCKET_RESERVER_ENDPOINT, else \(Configuration.defaultEndpoint))"
    )
    package static let json = OptionSpec(name: "--json", summary: "Print one JSON document instead of text (watch: one JSON object a line)")
    package static let offline = OptionSpec(
        name: "--offline", summary: "Answer launches, details and trips from the cache only; never connect (default: $ROCKET_RESERVER_OFFLINE)"
    )
    package static let caCertificates = OptionSpec(
        name: "--cacert", valueName: "FILE", valueKind: .file, summary: "Also trust the CAs in this PEM file for https (default: $ROCKET_RESERVER_CACERT)"
    )
    package static let timeout = OptionSpec(
        name: "--timeout", valueName: "SECONDS",
        summary: "Per-request timeout, more than 0 and at most \(Int(Configuration.maximumTimeout)) (default: $ROCKET_RESERVER_TIMEOUT, else \(Int(Configuration.defaultTimeout)))"
    )
    package static let maxAge = OptionSpec(
        name: "--max-age", valueName: "SECONDS",
        summary: "For launches, details and trips: cached records received longer ago count as not cached (default: $ROCKET_RESERVER_MAX_AGE, else no limit)"
    )
    package static let persistedQueries = OptionSpec(
        name: "--persisted-queries", valueName: "off|auto|only",
        summary: "Send operations by their SHA-256: auto asks for the document only when the server lacks it, only never sends it (default: $ROCKET_RESERVER_PERSISTED_QUERIES, else off)"
    )
    package static let get = OptionSpec(name: "--get", summary: "Send queries as HTTP GET, for HTTP caches; mutations stay POST (default: $ROCKET_RESERVER_GET)")
    package static let help = OptionSpec(name: "--help", shortName: "-h", summary: "Show help")
    package static let version = OptionSpec(name: "--version", summary: "Show the version")

    // MARK: Commands'

    package static let pageSize = OptionSpec(name: "--page-size", valueName: "N", summary: "Launches per page, 1 to \(LaunchPageRequest.maximumPageSize) (server default: 20)")
    package static let after = OptionSpec(name: "--after", valueName: "CURSOR", summary: "Start after this cursor (printed at the end of a page)")
    package static let all = OptionSpec(name: "--all", summary: "Follow the cursors to the last page")
    package static let maxPages = OptionSpec(
        name: "--max-pages", valueName: "N", summary: "With \(all.name), stop with an error after N pages (default: \(ListLaunches.defaultMaximumPages))"
    )
    package static let forceReload = OptionSpec(name: "--force-reload", summary: "Ask the server, ignoring and refreshing the cache")
    package static let watch = OptionSpec(name: "--watch", summary: "Print the list again whenever it changes, until Ctrl-C")
    package static let variable = OptionSpec(
        name: "--var", valueName: "NAME=VALUE", summary: "A variable's value, converted by its type; JSON for lists and input objects", repeatable: true
    )
    package static let incremental = OptionSpec(
        name: "--incremental", summary: "With \(json.name): print each part of a @defer answer as one line of JSON, the data so far, as it arrives"
    )
    package static let operation = OptionSpec(name: "--operation", valueName: "NAME", summary: "The operation to run, when the file has several")
    package static let schema = OptionSpec(name: "--schema", valueName: "FILE", valueKind: .file, summary: "Check against this SDL file instead of the endpoint's schema")
    package static let output = OptionSpec(
        name: "--output", valueName: "FILE", valueKind: .file, summary: "Write the SDL to this file (atomically) instead of standard output"
    )
}
