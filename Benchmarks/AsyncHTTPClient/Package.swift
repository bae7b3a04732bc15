// swift-tools-version: 6.2
import PackageDescription

/// The client comparison of Docs/Performance.md ("Kept-alive connections (issue 18)"): 1,000
/// LaunchDetails queries at once through the same `GraphQLClient` chain over three transports,
/// each in its own executable, so that threads and peak RSS are the transport's own:
/// `SocketHTTPSession` (this project's), `URLSession` (GraphQLURLSession) and AsyncHTTPClient
/// (swift-nio). It lives beside the root, as `Server/` does, so the root package keeps zero
/// package dependencies. Run by `Scripts/bench --only concurrency` (compare.py); numbers only.
let package = Package(
    name: "RocketReserverClientComparison",
    dependencies: [
        .package(name: "RocketReserver", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        /** What every contender runs: the operation, the batches, the thread and memory probe, the JSON report. */
        .target(
            name: "ComparisonHarness",
            dependencies: [
                .product(name: "GraphQLClient", package: "RocketReserver"),
                .product(name: "NormalizedCache", package: "RocketReserver"),
                .product(name: "Transport", package: "RocketReserver"),
                .product(name: "JSON", package: "RocketReserver"),
            ]
        ),
        /** This project's transport: `SocketHTTPSession` with its defaults. */
        .executableTarget(
            name: "compare-socket-session",
            dependencies: ["ComparisonHarness", .product(name: "SocketTransport", package: "RocketReserver")]
        ),
        /** `URLSession` (FoundationNetworking, libcurl) behind the seam, as GraphQLURLSession makes it conform. */
        .executableTarget(
            name: "compare-urlsession",
            dependencies: [
                "ComparisonHarness", .product(name: "GraphQLURLSession", package: "RocketReserver"),
                .product(name: "Transport", package: "RocketReserver"),
            ]
        ),
        /** AsyncHTTPClient's shared client behind the seam. */
        .executableTarget(
            name: "compare-async-http-client",
            dependencies: [
                "ComparisonHarness", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Transport", package: "RocketReserver"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
