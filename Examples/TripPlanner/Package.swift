// swift-tools-version: 6.1
import PackageDescription

/// An app outside the root package that builds on the RocketReserver core through its library
/// products: the use cases with the in-memory adapters, and with the GraphQL client and gateway
/// against a server. Built and run by Scripts/test.
let package = Package(
    name: "TripPlanner",
    dependencies: [.package(name: "RocketReserver", path: "../..")],
    targets: [
        .executableTarget(
            name: "TripPlanner",
            dependencies: [
                .product(name: "Domain", package: "RocketReserver"),
                .product(name: "Ports", package: "RocketReserver"),
                .product(name: "UseCases", package: "RocketReserver"),
                .product(name: "InMemoryAdapters", package: "RocketReserver"),
                .product(name: "GraphQLClient", package: "RocketReserver"),
                .product(name: "NormalizedCache", package: "RocketReserver"),
                .product(name: "SocketTransport", package: "RocketReserver"),
                .product(name: "GraphQLGateway", package: "RocketReserver"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
