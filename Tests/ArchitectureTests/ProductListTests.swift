import Foundation
import Testing
import TestSupport

/// The docs' product lists (README, Architecture.md, GraphQLClient.md) say what Package.swift
/// ships, the manifests README and Library.md show name real products, and no product but the
/// test doubles links test code.
@Suite("Product lists", .timeLimit(.minutes(5)))
struct ProductListTests {
    static let root = BuiltProducts.packageRoot

    let products: [DeclaredProduct]
    let targets: [DeclaredTarget]

    init() async throws {
        let manifest = try await SwiftToolchain.dumpPackage()
        products = try DeclaredProduct.all(in: manifest)
        targets = try DeclaredTarget.all(in: manifest)
    }

    private func document(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: ["README.md", "Docs/Architecture.md"])
    func theDocsProductTableListsEveryProductAndNothingElse(path: String) throws {
        let listed = ProductList.tableProducts(in: try document(path))
        let shipped = Set(products.map(\.name))
        #expect(shipped.count > 10)
        for name in shipped.subtracting(listed).sorted() { Issue.record("\(path) does not list the product \(name)") }
        for name in listed.subtracting(shipped).sorted() { Issue.record("\(path) lists \(name), which is not a product of Package.swift") }
    }

    @Test func graphQLClientMDSaysWhichOfItsModulesAreProducts() throws {
        let text = try document("Docs/GraphQLClient.md")
        let modules = ProductList.modules(in: text)
        let excepted = try #require(ProductList.exceptions(in: text), "GraphQLClient.md no longer says which modules are not products")
        let shipped = Set(products.map(\.name))
        #expect(modules.count > 5)
        for name in modules.subtracting(excepted).subtracting(shipped).sorted() {
            Issue.record("GraphQLClient.md implies \(name) is a product; Package.swift has no such product")
        }
        for name in excepted.intersection(shipped).sorted() { Issue.record("GraphQLClient.md says \(name) is not a product, but it is") }
        for name in excepted.subtracting(modules).sorted() { Issue.record("GraphQLClient.md excepts \(name), which its table does not list") }
    }

    /// The package manifests the guides show name products that exist.
    @Test(arguments: ["README.md", "Docs/Library.md"])
    func theDocsManifestsNameProductsThatExist(path: String) throws {
        let named = ProductList.packageProducts(in: try document(path))
        #expect(!named.isEmpty, "\(path) no longer shows a manifest naming the package's products")
        for name in named.subtracting(products.map(\.name)).sorted() {
            Issue.record("\(path) shows .product(name: \"\(name)\"), which is not a product of Package.swift")
        }
    }

    @Test func theProductListsAreRead() {
        let table = "| product | kind |\n|---|---|\n| `A`, `B` | library |\n| `C` | plugin |\n\nafter"
        #expect(ProductList.tableProducts(in: table) == ["A", "B", "C"])
        #expect(ProductList.packageProducts(in: #".product(name: "A", package: "RocketReserver"), .product(name: "B", package: "Other")"#) == ["A"])
        #expect(ProductList.exceptions(in: "Each is a library product except `X`, `Y`\nand `Z` (why `W`)") == ["X", "Y", "Z"])
    }

    /// Test code ships only in the product made for tests.
    @Test func noProductButTheTestDoublesLinksATargetOfTests() {
        let closure = TargetClosure(targets)
        let folders = Dictionary(targets.map { ($0.name, $0.folder) }, uniquingKeysWith: { first, _ in first })
        #expect(products.contains { $0.name == "GraphQLTestDoubles" })
        for product in products where product.name != "GraphQLTestDoubles" {
            for target in product.targets {
                for (reached, path) in closure.reached(from: target) where folders[reached]?.hasPrefix("Tests/") == true {
                    Issue.record("the product \(product.name) links test code: \(path.joined(separator: " → "))")
                }
            }
        }
    }
}
