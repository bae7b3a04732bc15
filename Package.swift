// swift-tools-version: 6.1
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

/// RocketReserver: Apollo's tutorial app rebuilt as a layered app core with adapters.
///
/// Dependency rule (checked with `--explicit-target-dependency-import-check error`):
/// Domain ← Ports ← UseCases ← RocketReserverCLI ← rocket-reserver (composition root).
/// Adapters depend on Ports/Domain and on support libraries that depend on nothing else of the
/// app (JSON; Transport and POSIXSupport on SystemErrorText and PathNames only); the GraphQL gateway and document runner also on the port-agnostic client
/// libraries and on GraphQLServiceMapping; never on use cases or on each other.
///
/// The port-agnostic client is split by concern, the way swift-nio separates Core, Posix and
/// Embedded: JSON (values, parser, writer) depends on nothing and Transport (the HTTP seam's
/// values) on SystemErrorText only; POSIXSupport holds the one retrying system-call helper and the file operations
/// (bounded reads, atomic writes, locks) every adapter uses; SingleThreadRuntime runs a command
/// on one thread (executor, clock, detached threads for blocking work); SocketTransport is the HTTP/1.1
/// and WebSocket clients over sockets with TLS, on its layers (SocketSystem, SocketEventLoop, SocketTLS,
/// HTTPWire, WebSocketCodec, WebSocketIO); GraphQLClient is operations and the interceptor chain;
/// NormalizedCache is the cache's actor, its interceptors and watches, over CacheRecords (pure
/// records) and CacheStorage (SQLite and memory).
///
/// Transport: the client libraries import Foundation only (never FoundationNetworking). The CLI
/// sends `http://` and `https://` requests with SocketTransport; TLS comes from the system's
/// OpenSSL 3, loaded with `dlopen` on the first https request, so nothing links libcurl or
/// OpenSSL. `URLSession` still conforms to the seam in GraphQLURLSession (a library no
/// executable links, so the static build needs no libcurl development package).
let package = Package(
    name: "RocketReserver",
    products: [
        .executable(name: "rocket-reserver", targets: ["rocket-reserver"]),
        // The app core, for other packages (an app, a server; see Examples/TripPlanner).
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Ports", targets: ["Ports"]),
        .library(name: "UseCases", targets: ["UseCases"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "GraphQLGateway", targets: ["GraphQLGateway"]),
        .library(name: "InMemoryAdapters", targets: ["InMemoryAdapters"]),
        // The port-agnostic GraphQL client, one concern per product (POSIXSupport stays package-internal).
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Transport", targets: ["Transport"]),
        .library(name: "SocketTransport", targets: ["SocketTransport"]),
        .library(name: "GraphQLClient", targets: ["GraphQLClient"]),
        .library(name: "NormalizedCache", targets: ["NormalizedCache"]),
        .library(name: "GraphQLSubscriptions", targets: ["GraphQLSubscriptions"]),
        .library(name: "GraphQLURLSession", targets: ["GraphQLURLSession"]),
        // Typed operations (Docs/Library.md): the tutorial's generated operations, the typed `run`
        // and watch they go through, the generator as a plugin and a command for a package's own
        // `.graphql` files, the client's in-memory test doubles, and the file credential store.
        .library(name: "GraphQLOperationSupport", targets: ["GraphQLOperationSupport"]),
        .library(name: "RocketReserverAPI", targets: ["RocketReserverAPI"]),
        .plugin(name: "GraphQLCodegenPlugin", targets: ["GraphQLCodegenPlugin"]),
        .executable(name: "graphql-codegen", targets: ["graphql-codegen"]),
        .library(name: "GraphQLTestDoubles", targets: ["GraphQLTestDoubles"]),
        .library(name: "JSONFileCredentialStore", targets: ["JSONFileCredentialStore"]),
    ],
    dependencies: [],
    targets: [
        // MARK: Core (Sources/): the domain, ports, use cases, presentation, the CLI and the composition root

        /** Plain values of the tutorial's world: launches, missions, rockets, trips, users. No I/O. */
        .target(name: "Domain", path: "Sources/Domain"),
        /** Small Sendable protocols the use cases need from the outside world. */
        .target(name: "Ports", dependencies: ["Domain"], path: "Sources/Ports"),
        /** The application's use cases: login, logout, launches, details, book, cancel, trips. */
        .target(name: "UseCases", dependencies: ["Domain", "Ports"], path: "Sources/UseCases"),
        /** What a front end shows results through (presenters, text outputs); no use case needs these. */
        .target(name: "Presentation", dependencies: ["Domain", "Ports", "TerminalModel"], path: "Sources/Presentation"),
        /** Rules about host names every layer applies alike (which hosts are this machine, which a no_proxy list exempts). No dependencies. */
        .target(name: "HostNames", path: "Sources/HostNames"),
        /** The ids handed out for registrations that have not reached their table yet (a wait cancelled before it registered). No dependencies. */
        .target(name: "Registrations", path: "Sources/Registrations"),
        /** How a file path splits into folder and name; no dependencies, for every layer. */
        .target(name: "PathNames", path: "Sources/PathNames"),
        /** The system's words for an errno, read thread-safely; every message that quotes them reads them here. No dependencies. */
        .target(name: "SystemErrorText", path: "Sources/SystemErrorText"),
        /** Plain values of a character terminal: keys, styled cells, frames, and how many cells text takes. No dependencies. */
        .target(name: "TerminalModel", path: "Sources/TerminalModel"),
        /** The terminal app's screens as a pure state machine (events in, effects out) and their renderer into frames. No I/O. */
        .target(name: "AppScreens", dependencies: ["Domain", "TerminalModel"], path: "Sources/AppScreens"),
        /** A generic command-line kit: options declared once as values, the tokenizer, help, man page and completion scripts from one spec. No dependencies. */
        .target(name: "CommandLineKit", path: "Sources/CommandLineKit"),
        /** The files a command line names: a document read whole and checked, an output written by what is at its path (atomically for a regular file), a CA file checked before use. Knows no app. */
        .target(name: "CommandLineFiles", dependencies: ["CommandLineKit", "PathNames", "SystemErrorText", "POSIXSupport"], path: "Sources/CommandLineFiles"),
        /** This tool's command line described in CommandLineKit (commands, options, environment, exit statuses), parsed into an `Invocation`; the `Configuration` value with its defaults and limits. */
        .target(name: "CLIArguments", dependencies: ["CommandLineKit", "Domain", "Ports", "UseCases"], path: "Sources/CLIArguments"),
        /** What a run is given: the `CLIEnvironment` (variables, outputs, the adapters' factory, the signal shield) and the `Configuration` resolved from it (endpoint policy, proxies, state folders). */
        .target(
            name: "CLIConfiguration", dependencies: ["CLIArguments", "CommandLineKit", "CommandLineFiles", "HostNames", "Ports", "Presentation"], path: "Sources/CLIConfiguration"
        ),
        /** The tool's sentences and exit statuses for every error a command can end with. */
        .target(name: "CLIFailures", dependencies: ["CLIArguments", "CommandLineFiles", "Domain", "Ports", "Presentation", "UseCases"], path: "Sources/CLIFailures"),
        /** The full-screen terminal app's driver: runs the app's screens (AppScreens) against the use cases and a terminal. */
        .target(
            name: "RocketReserverApp",
            dependencies: ["AppScreens", "CLIArguments", "CLIConfiguration", "CLIFailures", "Domain", "Ports", "Presentation", "UseCases"],
            path: "Sources/RocketReserverApp"
        ),
        /** This app's commands: runs one use case per command line through the adapters its environment value builds. */
        .target(
            name: "RocketReserverCLI",
            dependencies: [
                "CLIArguments", "CLIConfiguration", "CLIFailures", "CommandLineFiles", "CommandLineKit", "RocketReserverApp", "Domain", "Ports", "Presentation",
                "UseCases",
            ],
            path: "Sources/RocketReserverCLI"
        ),
        /** The composition root: plugs the real adapters into the CLI. */
        .executableTarget(
            name: "rocket-reserver",
            dependencies: [
                "Domain", "Ports", "Presentation", "RocketReserverCLI", "CLIArguments", "CLIConfiguration", "SystemErrorText",
                "GraphQLClient", "NormalizedCache", "Transport", "SocketTransport", "POSIXSupport", "SingleThreadRuntime", "GraphQLGateway",
                "JSONFileCredentialStore", "TerminalPresenters", "GraphQLClientDocumentRunner", "GraphQLSubscriptions", "SubscriptionCache",
                "CacheFolder", "TerminalKit", "ProcessLifecycle",
            ],
            path: "Sources/rocket-reserver",
            exclude: ["startup.order", "StaticCxx"],
            linkerSettings: startupLinkerSettings
        ),

        // MARK: Adapters (Adapters/): the GraphQL client and its transports, the cache, the token store, presenters; in-memory adapters

        /** JSON values, a strict byte-level parser and a deterministic writer. No dependencies. */
        .target(name: "JSON", path: "Adapters/JSON"),
        /** SHA-256 and SHA-1, written here: what persisted queries name a document by, and the WebSocket handshake's accept key. No dependencies. */
        .target(name: "Digests", path: "Adapters/Digests"),
        /** The HTTP seam: `HTTPSession` and its plain values (request, response, transport error, limits). Foundation only. */
        .target(name: "Transport", dependencies: ["SystemErrorText"], path: "Adapters/Transport"),
        /** The one retrying system-call helper (EINTR, EAGAIN) and the file operations built on it: bounded reads, atomic writes, locks. */
        .target(name: "POSIXSupport", dependencies: ["SystemErrorText", "PathNames"], path: "Adapters/POSIXSupport"),
        /** The single-thread runtime: an executor and clock on the calling thread, detached threads, the queue for blocking file work. */
        .target(name: "SingleThreadRuntime", dependencies: ["POSIXSupport"], path: "Adapters/SingleThreadRuntime"),
        /** A command-line process's start and end: its environment read from `environ`, the home folder from the password database, one malloc arena, and the termination signals (temporary files swept, the command cancelled during a change). */
        .target(name: "ProcessLifecycle", dependencies: ["POSIXSupport", "SingleThreadRuntime"], path: "Adapters/ProcessLifecycle"),
        /** A thin binding to the system's SQLite 3 (`libsqlite3.so.0`, loaded with dlopen): connections, prepared statements, transactions. */
        .target(name: "SQLite", dependencies: ["POSIXSupport"], path: "Adapters/SQLite"),
        /** The system's side of sockets: epoll (looked up at run time), host names resolved off the task's thread, IP literals, SIGPIPE kept from ending the process. */
        .target(name: "SocketSystem", dependencies: ["Transport", "POSIXSupport", "SingleThreadRuntime", "HostNames"], path: "Adapters/SocketSystem"),
        /** The event loops that wait, in one epoll_wait each, for sockets and deadlines and run their tasks; the non-blocking TCP connection and byte streams that wait on them. */
        .target(name: "SocketEventLoop", dependencies: ["SocketSystem", "Transport", "POSIXSupport", "SingleThreadRuntime", "HostNames", "Registrations"], path: "Adapters/SocketEventLoop"),
        /** TLS over the loop's connections with the system's OpenSSL 3 (dlopen): contexts and trust, verified handshakes, sessions, failures in words. */
        .target(name: "SocketTLS", dependencies: ["SocketSystem", "SocketEventLoop", "Transport", "POSIXSupport"], path: "Adapters/SocketTLS"),
        /** HTTP/1.1 answers read from a byte stream: the head parsed, the body framed by Content-Length, chunks or the connection's end, within the limits. */
        .target(name: "HTTPWire", dependencies: ["SocketEventLoop", "Transport"], path: "Adapters/HTTPWire"),
        /** RFC 6455 as bytes, without sockets: frames encoded and parsed, messages assembled, UTF-8 checked, the opening handshake (its SHA-1 from Digests). */
        .target(name: "WebSocketCodec", dependencies: ["Transport", "Digests"], path: "Adapters/WebSocketCodec"),
        /** An open WebSocket's I/O: the engine its users share with its I/O task (queues, close, wake-up pair) and the task that reads, answers and writes frames on the event loop. */
        .target(name: "WebSocketIO", dependencies: ["SocketEventLoop", "WebSocketCodec", "Transport", "Registrations"], path: "Adapters/WebSocketIO"),
        /** How a socket client reaches an origin: the proxy settings and the CONNECT tunnel through an http:// proxy, the TLS settings and the contexts made from them. */
        .target(name: "SocketRouting", dependencies: ["SocketSystem", "SocketEventLoop", "SocketTLS", "Transport", "HostNames"], path: "Adapters/SocketRouting"),
        /** The socket clients: HTTP/1.1 with its connection pool and proxy tunnels (the `HTTPSession` the CLI uses), and the WebSocket client; their TLS and proxy settings. */
        .target(
            name: "SocketTransport",
            dependencies: [
                "SocketSystem", "SocketEventLoop", "SocketTLS", "SocketRouting", "HTTPWire", "WebSocketCodec", "WebSocketIO", "Transport", "POSIXSupport", "Registrations",
            ],
            path: "Adapters/SocketTransport"
        ),
        /** The operations a client sends, as values: queries, mutations and subscriptions, fields with their arguments, conditions and type cases; their document rendered and an answer's shape checked. No I/O. */
        .target(name: "GraphQLDocuments", dependencies: ["JSON"], path: "Adapters/GraphQLDocuments"),
        /** A port-agnostic GraphQL client: requests, the interceptor chain, response decoding, retry; it names the operation model's public types (GraphQLDocuments). Foundation only. */
        .target(name: "GraphQLClient", dependencies: ["GraphQLDocuments", "JSON", "Transport", "Digests"], path: "Adapters/GraphQLClient"),
        /** Incremental delivery (`@defer`): `multipart/mixed` answers read part by part, both payload formats merged, each part handed on as it arrives. */
        .target(
            name: "GraphQLIncrementalDelivery", dependencies: ["GraphQLClient", "GraphQLDocuments", "JSON", "Transport"], path: "Adapters/GraphQLIncrementalDelivery"
        ),
        /** GraphQL subscriptions over the WebSocket seam: graphql-transport-ws and graphql-ws, one shared socket, reconnection. */
        .target(
            name: "GraphQLSubscriptions", dependencies: ["GraphQLClient", "GraphQLOperationSupport", "Transport", "JSON", "HostNames", "Registrations"],
            path: "Adapters/GraphQLSubscriptions"
        ),
        /** The cache's records, pure: values, keys, the record body's encoding, an answer normalized into records and a query read back from them. No storage, no files. */
        .target(name: "CacheRecords", dependencies: ["GraphQLClient", "JSON"], path: "Adapters/CacheRecords"),
        /** Where the cache's records are kept: the backend seam, the SQLite database with its files and locking (and the old whole-file format it imports), and memory. */
        .target(name: "CacheStorage", dependencies: ["CacheRecords", "POSIXSupport", "SingleThreadRuntime", "SQLite"], path: "Adapters/CacheStorage"),
        /** The normalized cache: the `NormalizedCache` actor, its interceptors and the standard chain, watches, optimistic layers, freshness and garbage collection. */
        .target(
            name: "NormalizedCache",
            dependencies: [
                "CacheRecords", "CacheStorage", "GraphQLClient", "GraphQLDocuments", "GraphQLIncrementalDelivery", "GraphQLOperationSupport", "JSON", "Transport",
                "SingleThreadRuntime",
            ],
            path: "Adapters/NormalizedCache"
        ),
        /** `URLSession` (FoundationNetworking, libcurl on Linux) behind the HTTP seam. */
        .target(name: "GraphQLURLSession", dependencies: ["Transport"], path: "Adapters/GraphQLURLSession"),
        /** Maps the tutorial's generated GraphQL operations (RocketReserverAPI) to domain values (launches, trips, login). */
        .target(
            name: "GraphQLGateway",
            dependencies: [
                "Domain", "Ports", "GraphQLClient", "NormalizedCache", "GraphQLServiceMapping", "GraphQLOperationSupport", "RocketReserverAPI",
                "GraphQLSubscriptions", "Transport",
            ],
            path: "Adapters/GraphQLGateway"
        ),
        /** Subscriptions joined to the normalized cache: the event sink that writes events holding objects, the subprotocol kept among the cache's settings. */
        .target(name: "SubscriptionCache", dependencies: ["GraphQLClient", "GraphQLSubscriptions", "NormalizedCache"], path: "Adapters/SubscriptionCache"),
        /** What the GraphQL adapters (gateway, document runner) share in the ports' terms: `Freshness` → `CachePolicy`, a client or subscription failure → `ServiceError`. */
        .target(name: "GraphQLServiceMapping", dependencies: ["Ports", "GraphQLClient", "GraphQLSubscriptions", "Transport"], path: "Adapters/GraphQLServiceMapping"),
        /** The token store: one 0600 file per endpoint in a 0700 folder, written atomically. */
        .target(name: "JSONFileCredentialStore", dependencies: ["Domain", "Ports", "JSON", "POSIXSupport", "SingleThreadRuntime"], path: "Adapters/JSONFileCredentialStore"),
        /** The cache folder's files seen from outside the cache: `cache info`/`clear` (`CacheInspector`), every user's cache of an endpoint (`UserDataCache`), file names, stale temporary files. */
        .target(name: "CacheFolder", dependencies: ["Domain", "Ports", "NormalizedCache", "POSIXSupport"], path: "Adapters/CacheFolder"),
        /** Presenters that write human-readable text or JSON to stdout. */
        .target(name: "TerminalPresenters", dependencies: ["Domain", "Ports", "Presentation", "JSON", "POSIXSupport", "TerminalModel"], path: "Adapters/TerminalPresenters"),
        /** The full-screen terminal over file descriptors: raw mode and the alternate screen, keys decoded from bytes, frames written as the cells that changed. */
        .target(
            name: "TerminalKit", dependencies: ["TerminalModel", "Presentation", "POSIXSupport", "SystemErrorText", "SingleThreadRuntime"], path: "Adapters/TerminalKit"
        ),
        /** In-memory adapters for every port, shipped for tests and experiments. */
        .target(name: "InMemoryAdapters", dependencies: ["Domain", "Ports", "Presentation", "Registrations"], path: "Adapters/InMemoryAdapters"),
        /** What generated code needs at run time: decoding answers (JSONValue) into models, encoding variables. */
        .target(name: "GraphQLOperationSupport", dependencies: ["GraphQLClient", "JSON"], path: "Adapters/GraphQLOperationSupport"),
        /** The tutorial's operations as `.graphql` files, generated into typed Swift at build time. */
        .target(
            name: "RocketReserverAPI", dependencies: ["GraphQLClient", "GraphQLOperationSupport", "JSON"], path: "Adapters/RocketReserverAPI",
            exclude: ["persisted-query-manifest.json"], plugins: ["GraphQLCodegenPlugin"]
        ),
        /** The `GraphQLDocumentRunner` port over GraphQLClient (`query`, `schema`): documents validated against the endpoint's schema (introspected, kept per endpoint) and run through the client. */
        .target(
            name: "GraphQLClientDocumentRunner",
            dependencies: [
                "Domain", "Ports", "GraphQLClient", "GraphQLServiceMapping", "JSON", "POSIXSupport", "GraphQLLanguage", "GraphQLValidation",
                "GraphQLPlanning", "PlannedDocuments", "GraphQLOperationSupport", "RocketReserverAPI", "GraphQLSubscriptions",
            ],
            path: "Adapters/GraphQLClientDocumentRunner"
        ),

        // MARK: GraphQL language, validation, planning and code generation (Codegen/, Plugins/)

        /** Lexer, parser and schema model for GraphQL documents and SDL (October 2021 spec). No dependencies. */
        .target(name: "GraphQLLanguage", path: "Codegen/GraphQLLanguage"),
        /** The spec's validation rules for executable documents against a schema; compiler-style diagnostics. */
        .target(name: "GraphQLValidation", dependencies: ["GraphQLLanguage"], path: "Codegen/GraphQLValidation"),
        /** Plans an operation for the client: fragments merged, arguments as values; what the generator writes and `query` runs. */
        .target(name: "GraphQLPlanning", dependencies: ["GraphQLLanguage"], path: "Codegen/GraphQLPlanning"),
        /** A planned operation as the client's operation model: what `query` sends, and the text the generator's manifest lists. */
        .target(name: "PlannedDocuments", dependencies: ["GraphQLPlanning", "GraphQLDocuments", "JSON"], path: "Codegen/PlannedDocuments"),
        /** Generates typed Swift (operations, variables, response models, enums) from validated documents. */
        .target(
            name: "GraphQLCodegen", dependencies: ["GraphQLLanguage", "GraphQLValidation", "GraphQLPlanning", "PlannedDocuments", "GraphQLDocuments", "JSON", "Digests"],
            path: "Codegen/GraphQLCodegen"
        ),
        /** The generator the build-tool plugin runs: `.graphql` files + schema → Swift files, or compiler-style errors. */
        .executableTarget(name: "graphql-codegen", dependencies: ["GraphQLCodegen", "GraphQLLanguage"], path: "Codegen/graphql-codegen"),
        /** Build-tool plugin: runs graphql-codegen on a target's `.graphql` files and its `.graphqls` schema. */
        .plugin(name: "GraphQLCodegenPlugin", capability: .buildTool(), dependencies: ["graphql-codegen"], path: "Plugins/GraphQLCodegenPlugin"),

        // MARK: Benchmarks (Benchmarks/)

        /** In-process benchmark of generated models and of the generator itself; numbers only. */
        .executableTarget(
            name: "rocket-reserver-codegen-bench",
            dependencies: [
                "GraphQLClient", "NormalizedCache", "JSON", "GraphQLCodegen", "GraphQLLanguage", "GraphQLValidation", "GraphQLPlanning", "Domain",
                "RocketReserverAPI", "BenchmarkSupport", "Presentation",
            ],
            path: "Benchmarks/Codegen"
        ),
        /** What the benchmark executables share: the answers they measure with. */
        .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
        /** In-process benchmarks (cache, concurrency) run by Scripts/bench; numbers only, never asserted. */
        .executableTarget(
            name: "rocket-reserver-bench",
            dependencies: ["GraphQLClient", "NormalizedCache", "JSON", "Transport", "SocketTransport", "RocketReserverAPI", "BenchmarkSupport"],
            path: "Benchmarks/InProcess"
        ),
        /** The terminal app's cost per key press (key → frame, bytes per move) and its memory over a stream of events; numbers only. */
        .executableTarget(name: "rocket-reserver-app-bench", dependencies: ["AppScreens", "Domain", "TerminalKit", "TerminalModel"], path: "Benchmarks/AppFrames"),
        /** WebSocket round trips and throughput against an in-process echo server and Python websockets; numbers only. */
        .executableTarget(name: "rocket-reserver-websocket-bench", dependencies: ["Transport", "SocketTransport"], path: "Benchmarks/WebSocket"),
        /** A loopback TLS front (dlopen'd OpenSSL, test certificate) for the https benchmark. */
        .executableTarget(name: "rocket-reserver-tls-front", dependencies: ["TestSupport"], path: "Benchmarks/TLSFront"),
        /** The floor of a cache hit (start, dlopen libsqlite3, read a launch's records read-only, print), for Scripts/bench. No dependencies. */
        .executableTarget(name: "rocket-reserver-cache-floor", path: "Benchmarks/CacheFloor"),

        // MARK: Tests (Tests/): test targets and the libraries only tests link

        .testTarget(name: "GraphQLLanguageTests", dependencies: ["GraphQLLanguage", "TestSupport", "TestExpectations"], exclude: ["Oracle"]),
        // GraphQLOperationSupport: its built module (and GraphQLClient's, JSON's) is what GeneratedCodeCompilesTests type-checks against.
        .testTarget(
            name: "GraphQLValidationTests",
            dependencies: [
                "GraphQLLanguage", "GraphQLValidation", "GraphQLCodegen", "GraphQLOperationSupport", "TestSupport", "TestExpectations", "CodegenTestSupport",
            ],
            exclude: ["Oracle"]
        ),
        .testTarget(
            name: "GraphQLCodegenTests",
            dependencies: [
                "GraphQLCodegen", "GraphQLLanguage", "GraphQLValidation", "GraphQLPlanning", "graphql-codegen", "TestSupport", "TestExpectations",
                "CodegenTestSupport",
            ],
            exclude: ["Golden"]
        ),
        /** The generator as the generator's and the validator's tests call it, each generation recorded for the compile round trip. */
        .target(name: "CodegenTestSupport", dependencies: ["GraphQLCodegen", "GraphQLLanguage", "TestSupport"], path: "Tests/CodegenTestSupport"),
        /** The generator's compile round trip: constructs the tutorial does not use (`@include`/`@skip`, an anonymous operation, object literals with variables), generated at build time. */
        .target(
            name: "CodegenFixtures", dependencies: ["GraphQLClient", "GraphQLOperationSupport", "JSON"], path: "Tests/CodegenFixtures",
            plugins: ["GraphQLCodegenPlugin"]
        ),
        .testTarget(
            name: "CodegenFixtureTests",
            dependencies: ["CodegenFixtures", "GraphQLClient", "GraphQLOperationSupport", "JSON", "NormalizedCache", "GraphQLTestDoubles"]
        ),
        /** Compiles the generated code (the target itself) and decodes captured answers into it. */
        .testTarget(
            name: "RocketReserverAPITests",
            dependencies: ["RocketReserverAPI", "GraphQLOperationSupport", "GraphQLClient", "NormalizedCache", "JSON", "GraphQLTestDoubles", "Digests"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "GraphQLClientDocumentRunnerTests",
            dependencies: [
                "GraphQLClientDocumentRunner", "GraphQLClient", "JSON", "GraphQLLanguage", "GraphQLPlanning", "PlannedDocuments", "GraphQLValidation", "Ports", "RocketReserverAPI",
                "TestSupport", "TestExpectations", "rocket-reserver", "Presentation",
            ]
        ),
        .testTarget(name: "DomainTests", dependencies: ["Domain"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(name: "UseCaseTests", dependencies: ["Domain", "Ports", "UseCases", "InMemoryAdapters"]),
        /** A scripted HTTP session and an in-memory WebSocket session for the GraphQL client's and gateway's tests. */
        .target(name: "GraphQLTestDoubles", dependencies: ["Transport", "Registrations"], path: "Tests/GraphQLTestDoubles"),
        /** Builders the client library's tests share: the standard chain over a stub, the tutorial's operations and answers. */
        .target(
            name: "GraphQLClientFixtures", dependencies: ["GraphQLClient", "NormalizedCache", "Transport", "GraphQLTestDoubles", "RocketReserverAPI"],
            path: "Tests/GraphQLClientFixtures"
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "GraphQLClientFixtures", "TestSupport"]),
        .testTarget(
            name: "GraphQLClientTests",
            dependencies: [
                "GraphQLClient", "NormalizedCache", "JSON", "Transport", "GraphQLTestDoubles", "RocketReserverAPI", "GraphQLClientFixtures", "TestSupport",
                "Digests",
            ]
        ),
        /** Incremental delivery: multipart bodies in any split, both payload formats, parts handed on and cached as they arrive, drops. */
        .testTarget(
            name: "GraphQLIncrementalDeliveryTests",
            dependencies: [
                "GraphQLIncrementalDelivery", "GraphQLClient", "GraphQLOperationSupport", "NormalizedCache", "JSON", "Transport", "GraphQLTestDoubles",
                "SocketTransport", "TestSupport",
            ],
            exclude: ["Peers"]
        ),
        /** The cache's records alone: the body's encoding, keys, changes, an answer normalized and read back. */
        .testTarget(name: "CacheRecordsTests", dependencies: ["CacheRecords", "GraphQLClient", "JSON"]),
        /** The cache's storage alone: both backends' contract, SQLite between connections and its file set, the memory bound, the old file format. */
        .testTarget(name: "CacheStorageTests", dependencies: ["CacheStorage", "CacheRecords", "SQLite", "TestSupport"]),
        .testTarget(
            name: "NormalizedCacheTests",
            dependencies: [
                "NormalizedCache", "GraphQLClient", "JSON", "Transport", "SQLite", "GraphQLTestDoubles", "GraphQLClientFixtures", "TestSupport",
                "SingleThreadRuntime",
            ]
        ),
        .testTarget(
            name: "SocketTransportTests",
            dependencies: ["SocketTransport", "SocketRouting", "SocketTLS", "Transport", "GraphQLClient", "NormalizedCache", "GraphQLTestDoubles", "GraphQLClientFixtures"]
        ),
        .testTarget(
            name: "GraphQLURLSessionTests",
            dependencies: ["GraphQLClient", "NormalizedCache", "Transport", "GraphQLURLSession", "GraphQLTestDoubles", "RocketReserverAPI"]
        ),
        .testTarget(
            name: "GraphQLGatewayTests",
            dependencies: [
                "Domain", "Ports", "GraphQLClient", "NormalizedCache", "JSON", "GraphQLGateway", "GraphQLTestDoubles", "RocketReserverAPI",
                "GraphQLSubscriptions",
            ]
        ),
        .testTarget(name: "SubscriptionCacheTests", dependencies: ["SubscriptionCache", "GraphQLSubscriptions", "GraphQLClient", "NormalizedCache", "JSON"]),
        .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport"]),
        .testTarget(name: "SingleThreadRuntimeTests", dependencies: ["SingleThreadRuntime"]),
        /** The process's environment and home folder, and what a termination signal does to the running command. */
        .testTarget(name: "ProcessLifecycleTests", dependencies: ["ProcessLifecycle"]),
        .testTarget(
            name: "AdapterContractTests",
            dependencies: [
                "Domain", "Ports", "JSONFileCredentialStore", "InMemoryAdapters", "GraphQLGateway", "GraphQLSubscriptions", "GraphQLTestDoubles", "Transport", "JSON",
                "GraphQLClient", "NormalizedCache",
                "CacheFolder", "TestSupport", "Registrations",
            ]
        ),
        .testTarget(name: "PresenterTests", dependencies: ["Domain", "Ports", "Presentation", "TerminalPresenters", "TerminalModel", "TestExpectations"]),
        .testTarget(name: "TerminalModelTests", dependencies: ["TerminalModel"]),
        .testTarget(name: "AppScreensTests", dependencies: ["AppScreens", "Domain", "TerminalModel"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TerminalModel", "Presentation"]),
        /** Helpers for tests that run the built executables: processes, temp folders, ports. */
        .target(name: "TestSupport", dependencies: ["SQLite", "SocketTLS", "POSIXSupport", "Registrations"], path: "Tests/TestSupport", exclude: ["Peers"]),
        /** Expectations the test targets share that need Swift Testing (TestSupport cannot: an executable links it): the linear-time guard. */
        .target(name: "TestExpectations", path: "Tests/TestExpectations"),
        .testTarget(name: "CLIProcessTests", dependencies: ["TestSupport", "rocket-reserver"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestSupport", "rocket-reserver", "Domain", "Ports", "GraphQLClient", "NormalizedCache", "SocketTransport",
                "GraphQLGateway", "InMemoryAdapters",
            ]
        ),
        .testTarget(name: "FaultInjectionTests", dependencies: ["TestSupport", "rocket-reserver"]),
        /** The WebSocket client against a loopback peer that can send hostile frames, and against Python `websockets`. */
        .testTarget(name: "WebSocketTests", dependencies: ["SocketTransport", "WebSocketCodec", "Digests", "Transport", "GraphQLTestDoubles", "TestSupport"], exclude: ["Peers"]),
        /** Epoll's calls: a broken set is an error, never "no events". */
        .testTarget(name: "SocketSystemTests", dependencies: ["SocketSystem", "POSIXSupport"]),
        .testTarget(
            name: "ConnectionPoolTests",
            dependencies: ["SocketTransport", "SocketEventLoop", "SocketTLS", "HTTPWire", "Transport", "TestSupport", "TestExpectations"]
        ),
        /** Checks the manifest's target graph against Docs/Architecture.md and the core's imports. */
        .testTarget(
            name: "GraphQLSubscriptionsTests",
            dependencies: [
                "GraphQLSubscriptions", "GraphQLClient", "GraphQLOperationSupport", "RocketReserverAPI", "Transport", "JSON", "SocketTransport",
                "GraphQLTestDoubles", "TestSupport", "Registrations",
            ],
            exclude: ["Peers"]
        ),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        /** The files a command line names: reads checked and bounded, outputs prepared in a temporary file that gets its name only when complete. */
        .testTarget(name: "CommandLineFilesTests", dependencies: ["CommandLineFiles"]),
        .testTarget(name: "HostNamesTests", dependencies: ["HostNames"]),
        .testTarget(name: "PathNamesTests", dependencies: ["PathNames"]),
        .testTarget(name: "RegistrationsTests", dependencies: ["Registrations"]),
        .testTarget(name: "SystemErrorTextTests", dependencies: ["SystemErrorText"]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "CommandLineKit", "Domain", "Ports", "Presentation", "UseCases", "RocketReserverCLI", "CLIArguments", "CLIConfiguration", "CLIFailures",
                "InMemoryAdapters", "TerminalPresenters", "TerminalModel",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Every module of a release build on Linux reaches type metadata through accessor functions.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + metadataAccessorSettings
}

/// How release builds reach a type's metadata (Docs/Performance.md, "Round five"): through the
/// accessor functions the compiler writes, not through mangled names that the runtime demangles
/// on the first use of each generic type, checking every generic requirement by a scan of the
/// binary's 4,400 conformance records (1.1 M instructions of a cache hit's 6.2 M, 2.8 M of an
/// https request's). The setting is the compiler's own
/// (`-disable-concrete-type-metadata-mangled-name-accessors`); SwiftPM calls it unsafe and refuses
/// a package whose products use such a flag as a dependency by version, so a checkout at a tag
/// (a release, which is how dependents see the package) builds without it: the same code, the
/// look-ups at run time.
var metadataAccessorSettings: [SwiftSetting] {
    guard Context.gitInformation?.currentTag == nil else { return [] }
    return [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(platforms: [.linux], configuration: .release))]
}

/// How the release build links `rocket-reserver` on Linux (Docs/Performance.md, "https
/// in-process"): with lld from the Swift toolchain, the functions its commands run placed
/// together (`Sources/rocket-reserver/startup.order`, made by `Scripts/make-startup-order`;
/// names that no longer exist are ignored, so a stale file only costs locality), and, where the
/// C library loads them (glibc 2.36 or later), packed relative relocations. Both only make the
/// process touch fewer pages of the binary at start-up (peak memory and start-up time); the
/// code is the same. Where the C++ library's archive is installed (`libstdc++.a`, which comes with
/// the GCC development files the Swift toolchain needs on Linux), the static-stdlib build also takes
/// the C++ library the Swift runtime uses from it (`Sources/rocket-reserver/StaticCxx`) instead of
/// loading `libstdc++.so.6` at every start; a dynamic build is unchanged by it. Debug builds link
/// as before.
var startupLinkerSettings: [LinkerSetting] {
    var flags = [
        "-use-ld=lld",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/rocket-reserver/startup.order",
        "-Xlinker", "--no-warn-symbol-ordering",
        // No symbol of the binary is exported: nothing loads it as a library, and at start the
        // runtime's `dladdr` on itself scans every exported symbol (10,333 of them: 0.27 M
        // instructions of a cache hit's 5.07 M, Docs/Performance.md, "Round six").
        "-Xlinker", "--no-export-dynamic",
    ]
    if glibcLoadsPackedRelocations { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    if cxxArchiveInstalled { flags += ["-L\(Context.packageDirectory)/Sources/rocket-reserver/StaticCxx"] }
    return [.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))]
}

/// Whether the GCC installation clang links with (the newest version folder under
/// `/usr/lib/gcc/<target>/` that has `crtbegin.o`) holds `libstdc++.a`; `false` elsewhere.
var cxxArchiveInstalled: Bool {
    #if canImport(Glibc)
    #if arch(x86_64)
    let root = "/usr/lib/gcc/x86_64-linux-gnu"
    #elseif arch(arm64)
    let root = "/usr/lib/gcc/aarch64-linux-gnu"
    #else
    return false
    #endif
    guard let folder = opendir(root) else { return false }
    defer { closedir(folder) }
    var versions: [(number: [Int], name: String)] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let number = name.split(separator: ".").map { Int($0) }
        guard !number.isEmpty, number.allSatisfy({ $0 != nil }) else { continue }
        versions.append((number.compactMap { $0 }, name))
    }
    let usable = versions.filter { access("\(root)/\($0.name)/crtbegin.o", R_OK) == 0 }
    guard let newest = usable.max(by: { $0.number.lexicographicallyPrecedes($1.number) }) else { return false }
    return access("\(root)/\(newest.name)/libstdc++.a", R_OK) == 0
    #else
    return false
    #endif
}

/// Whether this machine's glibc is 2.36 or later (`DT_RELR`); `false` elsewhere.
var glibcLoadsPackedRelocations: Bool {
    #if canImport(Glibc)
    var buffer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return false }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let version = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
    #else
    return false
    #endif
}
