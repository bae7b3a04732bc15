// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RocketReserverServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rocket-reserver-server", targets: ["rocket-reserver-server"]),
        .library(name: "RocketReserverServerCore", targets: ["RocketReserverServerCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "RocketReserverServerCore",
            dependencies: [
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [
                .copy("Resources/schema.graphql"),
                .copy("Resources/launches.json"),
            ]
        ),
        .executableTarget(
            name: "rocket-reserver-server",
            dependencies: [
                "RocketReserverServerCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "RocketReserverServerCoreTests",
            dependencies: [
                "RocketReserverServerCore",
                // Built so the process tests can run the real executable.
                "rocket-reserver-server",
                .product(name: "GraphQL", package: "GraphQL"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
