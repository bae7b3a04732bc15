import Foundation
import Testing
import TestSupport

/// Docs/Architecture.md's ports table names every protocol of `Sources/Ports`, and only
/// protocols that exist (a row noted `(Presentation)` names one of `Sources/Presentation`).
@Suite("Ports table", .timeLimit(.minutes(1)))
struct PortsTableTests {
    static let root = BuiltProducts.packageRoot

    let rows: [(port: String, target: String?)]
    let ports: Set<String>

    init() throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        rows = PortsTable.rows(in: markdown)
        ports = try PortsTable.publicProtocols(in: Self.root.appendingPathComponent("Sources/Ports"))
    }

    @Test func theTableAndTheSourcesAreBothRead() {
        #expect(rows.count > 5)
        #expect(ports.count > 5)
    }

    @Test func everyPublicProtocolOfPortsHasARow() {
        let listed = Set(rows.filter { $0.target == nil }.map(\.port))
        for name in ports.subtracting(listed).sorted() {
            Issue.record("Sources/Ports declares the protocol \(name); Docs/Architecture.md's ports table has no row for it")
        }
    }

    @Test func everyRowNamesAProtocolThatExists() throws {
        for row in rows {
            let target = row.target ?? "Ports"
            let declared = try PortsTable.publicProtocols(in: Self.root.appendingPathComponent("Sources/\(target)"))
            #expect(declared.contains(row.port), "Docs/Architecture.md's ports table lists \(row.port), which Sources/\(target) does not declare as a public protocol")
        }
    }

    @Test func theTableAndTheDeclarationsAreRead() {
        let table = "| port | methods |\n|---|---|\n| `A` | `a()` |\n| `B` (Presentation) | `b()` |\n\nafter\n| `C` | no |"
        #expect(PortsTable.rows(in: table).map { "\($0.port) \($0.target ?? "-")" } == ["A -", "B Presentation"])
        let source = "/// A port.\npublic protocol Feed: Sendable {\n    func x()\n}\nprotocol Hidden {}\npublic protocol Plain{}\n"
        #expect(PortsTable.publicProtocols(inSource: source) == ["Feed", "Plain"])
    }
}
