import Foundation
import Testing
import TestSupport

/// The composition root only wires: no type in `Sources/rocket-reserver` is an adapter, that
/// is, none conforms to a port declared in `Sources/Ports` or `Sources/Presentation`.
@Suite("Executable wiring", .timeLimit(.minutes(5)))
struct ExecutableWiringTests {
    static let root = BuiltProducts.packageRoot

    /// Every protocol the ports and the presentation ports declare.
    static func ports() throws -> Set<String> {
        var ports: Set<String> = []
        for folder in ["Sources/Ports", "Sources/Presentation"] {
            for file in try SourceImports.swiftFiles(in: root.appendingPathComponent(folder)) {
                ports.formUnion(SourceConformances.protocols(in: try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return ports
    }

    @Test func theExecutableHoldsNoAdapter() throws {
        let ports = try Self.ports()
        #expect(ports.isSuperset(of: ["CacheInspector", "UserDataCache", "CredentialStore", "ResultPresenter"]))
        let files = try SourceImports.swiftFiles(in: Self.root.appendingPathComponent("Sources/rocket-reserver"))
        #expect(!files.isEmpty)
        for file in files {
            for declaration in SourceConformances.declarations(in: try String(contentsOf: file, encoding: .utf8)) {
                for port in declaration.conformances where ports.contains(port) {
                    Issue.record("rocket-reserver/\(file.lastPathComponent): \(declaration.type) conforms to the port \(port); adapters live under Adapters/")
                }
            }
        }
    }

    @Test func theScannerSeesEveryFormOfConformance() {
        let source = """
            public protocol CacheInspector: Sendable {
            struct CacheFolder: CacheInspector {
            struct Box<Value: ResultPresenter>: Sendable {
            @available(macOS 15, *) public final class Store: NSObject, Ports.CredentialStore, @unchecked Sendable {
            extension Gateway: UserDataCache where Base: Sendable {}
            enum Plain {
            actor Feed : BookingActivityFeed{
            """
        #expect(SourceConformances.protocols(in: source) == ["CacheInspector"])
        #expect(SourceConformances.declarations(in: source) == [
            .init(type: "CacheFolder", conformances: ["CacheInspector"]),
            .init(type: "Box", conformances: ["Sendable"]),
            .init(type: "Store", conformances: ["NSObject", "CredentialStore", "Sendable"]),
            .init(type: "Gateway", conformances: ["UserDataCache"]),
            .init(type: "Feed", conformances: ["BookingActivityFeed"]),
        ])
    }
}
