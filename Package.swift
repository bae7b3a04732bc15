// swift-tools-version: 6.1
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

/// RocketReserver: Apollo's tutorial app rebuilt as a layered app core with adapters.
///
/// Dependency rule (checked with `--explicit-target-dependency-import-check error`):
/// Domain ← Ports ← UseCases ← RocketReserverCLI ← rocket-reserver (composition root).
/// Adapters depend on Ports/Domain and on support libraries that depend on nothing (JSON,
/// HTTPSeam, POSIXSupport); the GraphQL gateway and document runner also on the port-agnostic client
/// libraries and on GraphQLPortMapping; never on use cases or on each other.
///
/// The port-agnostic client is split by concern, the way swift-nio separates Core, Posix and
/// Embedded: JSON (values, parser, writer) and HTTPSeam (the HTTP seam's values) depend on
/// nothing; POSIXSupport holds the one retrying system-call helper and the file operations
/// (bounded reads, atomic writes, locks) every adapter uses; SocketTransport is the HTTP/1.1
/// socket client with TLS; GraphQLClient is operations and the interceptor chain; NormalizedCache
/// is the records, the cache interceptors and the cache file.
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
        .library(name: "HTTPSeam", targets: ["HTTPSeam"]),
        .library(name: "SocketTransport", targets: ["SocketTransport"]),
        .library(name: "GraphQLClient", targets: ["GraphQLClient"]),
        .library(name: "NormalizedCache", targets: ["NormalizedCache"]),
        .library(name: "GraphQLSubscriptions", targets: ["GraphQLSubscriptions"]),
        .library(name: "GraphQLURLSession", targets: ["GraphQLURLSession"]),
    ],
    dependencies: [],
    targets: [
        // MARK: Core

        /** Plain values of the tutorial's world: launches, missions, rockets, trips, users. No I/O. */
        .target(name: "Domain", path: "Sources/Domain"),
        /** Small Sendable protocols the use cases need from the outside world. */
        .target(name: "Ports", dependencies: ["Domain"], path: "Sources/Ports"),
        /** The application's use cases: login, logout, launches, details, book, cancel, trips. */
        .target(name: "UseCases", dependencies: ["Domain", "Ports"], path: "Sources/UseCases"),
        /** What a front end shows results through (presenters, text outputs); no use case needs these. */
        .target(name: "Presentation", dependencies: ["Domain", "Ports"], path: "Sources/Presentation"),
        /** Argument parsing, commands and exit codes; takes its adapters through an environment value. */
        .target(
            name: "RocketReserverCLI", dependencies: ["Domain", "Ports", "Presentation", "UseCases"], path: "Sources/RocketReserverCLI"
        ),
        /** The composition root: plugs the real adapters into the CLI. */
        .executableTarget(
            name: "rocket-reserver",
            dependencies: [
                "Domain", "Ports", "Presentation", "RocketReserverCLI",
                "GraphQLClient", "NormalizedCache", "HTTPSeam", "SocketTransport", "POSIXSupport", "GraphQLGateway",
                "FileKeychain", "StdoutPresenters", "GraphQLClientDocumentRunner", "GraphQLSubscriptions",
            ],
            path: "Sources/rocket-reserver",
            exclude: ["startup.order"],
            linkerSettings: startupLinkerSettings
        ),

        // MARK: Adapters

        /** JSON values, a strict byte-level parser and a deterministic writer. No dependencies. */
        .target(name: "JSON", path: "Adapters/JSON"),
        /** The HTTP seam: `HTTPSession` and its plain values (request, response, transport error, limits). Foundation only. */
        .target(name: "HTTPSeam", path: "Adapters/HTTPSeam"),
        /** The one retrying system-call helper (EINTR, EAGAIN) and the file operations built on it: bounded reads, atomic writes, locks. */
        .target(name: "POSIXSupport", path: "Adapters/POSIXSupport"),
        /** A thin binding to the system's SQLite 3 (`libsqlite3.so.0`, loaded with dlopen): connections, prepared statements, transactions. */
        .target(name: "SQLite", dependencies: ["POSIXSupport"], path: "Adapters/SQLite"),
        /** HTTP/1.1 over POSIX sockets, TLS from the system's OpenSSL 3 (dlopen), proxies: the `HTTPSession` the CLI uses. */
        .target(name: "SocketTransport", dependencies: ["HTTPSeam", "POSIXSupport"], path: "Adapters/SocketTransport"),
        /** A port-agnostic GraphQL client: operations, requests, the interceptor chain, response decoding, retry. Foundation only. */
        .target(name: "GraphQLClient", dependencies: ["JSON", "HTTPSeam"], path: "Adapters/GraphQLClient"),
        /** GraphQL subscriptions over the WebSocket seam: graphql-transport-ws and graphql-ws, one shared socket, reconnection. */
        .target(
            name: "GraphQLSubscriptions", dependencies: ["GraphQLClient", "GraphQLOperationSupport", "HTTPSeam", "JSON"], path: "Adapters/GraphQLSubscriptions"
        ),
        /** The normalized cache: records, the cache interceptors, the standard chain, the cache file with its locking. */
        .target(name: "NormalizedCache", dependencies: ["GraphQLClient", "JSON", "HTTPSeam", "POSIXSupport", "SQLite"], path: "Adapters/NormalizedCache"),
        /** `URLSession` (FoundationNetworking, libcurl on Linux) behind the HTTP seam. */
        .target(name: "GraphQLURLSession", dependencies: ["HTTPSeam"], path: "Adapters/GraphQLURLSession"),
        /** Maps the tutorial's generated GraphQL operations (RocketReserverAPI) to domain values (launches, trips, login). */
        .target(
            name: "GraphQLGateway",
            dependencies: [
                "Domain", "Ports", "GraphQLClient", "NormalizedCache", "GraphQLPortMapping", "GraphQLOperationSupport", "RocketReserverAPI",
                "GraphQLSubscriptions", "HTTPSeam",
            ],
            path: "Adapters/GraphQLGateway"
        ),
        /** What the GraphQL adapters (gateway, document runner) share in the ports' terms: `Freshness` → `CachePolicy`, a client or subscription failure → `ServiceError`. */
        .target(name: "GraphQLPortMapping", dependencies: ["Ports", "GraphQLClient", "GraphQLSubscriptions", "HTTPSeam"], path: "Adapters/GraphQLPortMapping"),
        /** The token store: one 0600 file per endpoint in a 0700 folder, written atomically. */
        .target(name: "FileKeychain", dependencies: ["Domain", "Ports", "JSON", "POSIXSupport"], path: "Adapters/FileKeychain"),
        /** Presenters that write human-readable text or JSON to stdout. */
        .target(name: "StdoutPresenters", dependencies: ["Domain", "Ports", "Presentation", "JSON", "POSIXSupport"], path: "Adapters/StdoutPresenters"),
        /** In-memory adapters for every port, shipped for tests and experiments. */
        .target(name: "InMemoryAdapters", dependencies: ["Domain", "Ports", "Presentation"], path: "Adapters/InMemoryAdapters"),

        // MARK: GraphQL language, validation and code generation

        /** Lexer, parser and schema model for GraphQL documents and SDL (October 2021 spec). No dependencies. */
        .target(name: "GraphQLLanguage", path: "Codegen/GraphQLLanguage"),
        /** The spec's validation rules for executable documents against a schema; compiler-style diagnostics. */
        .target(name: "GraphQLValidation", dependencies: ["GraphQLLanguage"], path: "Codegen/GraphQLValidation"),
        /** Plans an operation for the client: fragments merged, arguments as values; what the generator writes and `query` runs. */
        .target(name: "GraphQLPlanning", dependencies: ["GraphQLLanguage"], path: "Codegen/GraphQLPlanning"),
        /** Generates typed Swift (operations, variables, response models, enums) from validated documents. */
        .target(name: "GraphQLCodegen", dependencies: ["GraphQLLanguage", "GraphQLValidation", "GraphQLPlanning"], path: "Codegen/GraphQLCodegen"),
        /** The generator the build-tool plugin runs: `.graphql` files + schema → Swift files, or compiler-style errors. */
        .executableTarget(name: "graphql-codegen", dependencies: ["GraphQLCodegen", "GraphQLLanguage"], path: "Codegen/graphql-codegen"),
        /** Build-tool plugin: runs graphql-codegen on a target's `.graphql` files and its `.graphqls` schema. */
        .plugin(name: "GraphQLCodegenPlugin", capability: .buildTool(), dependencies: ["graphql-codegen"], path: "Plugins/GraphQLCodegenPlugin"),
        /** What generated code needs at run time: decoding answers (JSONValue) into models, encoding variables. */
        .target(name: "GraphQLOperationSupport", dependencies: ["GraphQLClient", "JSON"], path: "Adapters/GraphQLOperationSupport"),
        /** The tutorial's operations as `.graphql` files, generated into typed Swift at build time. */
        .target(
            name: "RocketReserverAPI", dependencies: ["GraphQLClient", "GraphQLOperationSupport", "JSON"], path: "Adapters/RocketReserverAPI",
            plugins: ["GraphQLCodegenPlugin"]
        ),
        /** In-process benchmark of generated models and of the generator itself; numbers only. */
        .executableTarget(
            name: "rocket-reserver-codegen-bench",
            dependencies: [
                "GraphQLClient", "NormalizedCache", "JSON", "GraphQLCodegen", "GraphQLLanguage", "GraphQLValidation", "GraphQLPlanning", "Domain",
                "RocketReserverAPI", "BenchmarkSupport",
            ],
            path: "Benchmarks/Codegen"
        ),
        /** What the benchmark executables share: the answers they measure with. */
        .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
        // Tests of the code-generation targets (kept here, not under MARK: Tests, so branches merge easily).
        .testTarget(name: "GraphQLLanguageTests", dependencies: ["GraphQLLanguage", "TestSupport"], exclude: ["Oracle"]),
        // GraphQLOperationSupport: its built module (and GraphQLClient's, JSON's) is what GeneratedCodeCompilesTests type-checks against.
        .testTarget(
            name: "GraphQLValidationTests", dependencies: ["GraphQLLanguage", "GraphQLValidation", "GraphQLCodegen", "GraphQLOperationSupport", "TestSupport"],
            exclude: ["Oracle"]
        ),
        .testTarget(
            name: "GraphQLCodegenTests",
            dependencies: ["GraphQLCodegen", "GraphQLLanguage", "GraphQLValidation", "GraphQLPlanning", "graphql-codegen", "TestSupport"],
            exclude: ["Golden"]
        ),
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
            dependencies: ["RocketReserverAPI", "GraphQLOperationSupport", "GraphQLClient", "NormalizedCache", "JSON", "GraphQLTestDoubles"],
            exclude: ["Fixtures"]
        ),

        /** The `GraphQLDocumentRunner` port over GraphQLClient (`query`, `schema`): documents validated against the endpoint's schema (introspected, kept per endpoint) and run through the client. */
        .target(
            name: "GraphQLClientDocumentRunner",
            dependencies: [
                "Domain", "Ports", "GraphQLClient", "GraphQLPortMapping", "JSON", "POSIXSupport", "GraphQLLanguage", "GraphQLValidation",
                "GraphQLPlanning", "GraphQLOperationSupport", "RocketReserverAPI", "GraphQLSubscriptions",
            ],
            path: "Adapters/GraphQLClientDocumentRunner"
        ),
        .testTarget(
            name: "GraphQLClientDocumentRunnerTests",
            dependencies: [
                "GraphQLClientDocumentRunner", "GraphQLClient", "JSON", "GraphQLLanguage", "GraphQLPlanning", "GraphQLValidation", "Ports", "RocketReserverAPI",
                "TestSupport", "rocket-reserver",
            ]
        ),

        // MARK: Benchmarks

        /** In-process benchmarks (cache, concurrency) run by Scripts/bench; numbers only, never asserted. */
        .executableTarget(
            name: "rocket-reserver-bench",
            dependencies: ["GraphQLClient", "NormalizedCache", "JSON", "HTTPSeam", "SocketTransport", "RocketReserverAPI", "BenchmarkSupport"],
            path: "Benchmarks/InProcess"
        ),

        /** WebSocket round trips and throughput against an in-process echo server and Python websockets; numbers only. */
        .executableTarget(name: "rocket-reserver-websocket-bench", dependencies: ["HTTPSeam", "SocketTransport"], path: "Benchmarks/WebSocket"),
        /** A loopback TLS front (dlopen'd OpenSSL, test certificate) for the https benchmark. */
        .executableTarget(name: "rocket-reserver-tls-front", dependencies: ["TestSupport"], path: "Benchmarks/TLSFront"),

        // MARK: Tests

        .testTarget(name: "DomainTests", dependencies: ["Domain"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(name: "UseCaseTests", dependencies: ["Domain", "Ports", "UseCases", "InMemoryAdapters"]),
        /** A scripted HTTP session and an in-memory WebSocket session for the GraphQL client's and gateway's tests. */
        .target(name: "GraphQLTestDoubles", dependencies: ["HTTPSeam"], path: "Tests/GraphQLTestDoubles"),
        .testTarget(
            name: "GraphQLClientTests",
            dependencies: [
                "GraphQLClient", "NormalizedCache", "JSON", "HTTPSeam", "SocketTransport", "GraphQLTestDoubles", "RocketReserverAPI", "SQLite",
            ]
        ),
        .testTarget(
            name: "GraphQLURLSessionTests",
            dependencies: ["GraphQLClient", "NormalizedCache", "HTTPSeam", "GraphQLURLSession", "GraphQLTestDoubles", "RocketReserverAPI"]
        ),
        .testTarget(
            name: "GraphQLGatewayTests",
            dependencies: [
                "Domain", "Ports", "GraphQLClient", "NormalizedCache", "JSON", "GraphQLGateway", "GraphQLTestDoubles", "RocketReserverAPI",
            ]
        ),
        .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport"]),
        .testTarget(
            name: "AdapterContractTests",
            dependencies: [
                "Domain", "Ports", "FileKeychain", "InMemoryAdapters", "GraphQLGateway", "GraphQLSubscriptions", "GraphQLTestDoubles", "HTTPSeam", "JSON",
                "GraphQLClient", "NormalizedCache",
            ]
        ),
        .testTarget(name: "PresenterTests", dependencies: ["Domain", "Ports", "Presentation", "StdoutPresenters", "TestSupport"]),
        /** Helpers for tests that run the built executables: processes, temp folders, ports. */
        .target(name: "TestSupport", dependencies: ["SQLite"], path: "Tests/TestSupport"),
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
        .testTarget(name: "WebSocketTests", dependencies: ["SocketTransport", "HTTPSeam", "GraphQLTestDoubles", "TestSupport"], exclude: ["Peers"]),
        .testTarget(name: "ConnectionPoolTests", dependencies: ["SocketTransport", "HTTPSeam", "TestSupport"]),
        /** Checks the manifest's target graph against Docs/Architecture.md and the core's imports. */
        .testTarget(
            name: "GraphQLSubscriptionsTests",
            dependencies: [
                "GraphQLSubscriptions", "GraphQLClient", "GraphQLOperationSupport", "RocketReserverAPI", "HTTPSeam", "JSON", "SocketTransport",
                "GraphQLTestDoubles", "TestSupport",
            ],
            exclude: ["Peers"]
        ),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["Domain", "Ports", "Presentation", "UseCases", "RocketReserverCLI", "InMemoryAdapters", "StdoutPresenters"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// How the release build links `rocket-reserver` on Linux (Docs/Performance.md, "https
/// in-process"): with lld from the Swift toolchain, the functions its commands run placed
/// together (`Sources/rocket-reserver/startup.order`, made by `Scripts/make-startup-order`;
/// names that no longer exist are ignored, so a stale file only costs locality), and, where the
/// C library loads them (glibc 2.36 or later), packed relative relocations. Both only make the
/// process touch fewer pages of the binary at start-up (peak memory and start-up time); the
/// code is the same. Debug builds link as before.
var startupLinkerSettings: [LinkerSetting] {
    var flags = [
        "-use-ld=lld",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/rocket-reserver/startup.order",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
    if glibcLoadsPackedRelocations { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    return [.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))]
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
