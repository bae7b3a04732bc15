import Testing

/// What the shipped executable links, walked over the manifest's target graph.
@Suite("Linked targets", .timeLimit(.minutes(5)))
struct LinkedTargetsTests {
    /// The code generator and its command: build-time tools, never part of `rocket-reserver`
    /// (its build runs them through the plugin, which is not linked).
    static let generatorTargets = ["GraphQLCodegen", "graphql-codegen"]

    /// The generator targets `executable` reaches in `targets`, each with the path it is reached by.
    static func generatorLinks(from executable: String, in targets: [DeclaredTarget]) -> [String] {
        let reached = TargetClosure(targets).reached(from: executable)
        return generatorTargets.compactMap { name in reached[name].map { $0.joined(separator: " → ") } }
    }

    @Test func rocketReserverDoesNotLinkTheGenerator() async throws {
        let targets = try DeclaredTarget.all(in: await SwiftToolchain.dumpPackage())
        let reached = TargetClosure(targets).reached(from: "rocket-reserver")
        // The walk goes past direct dependencies: `query` plans operations with GraphQLPlanning.
        #expect(reached["GraphQLPlanning"] != nil, "rocket-reserver no longer reaches GraphQLPlanning; is the walk still right?")
        for path in Self.generatorLinks(from: "rocket-reserver", in: targets) {
            Issue.record("rocket-reserver links the code generator: \(path)")
        }
    }

    @Test func anEdgeToTheGeneratorAnywhereBelowTheExecutableIsFound() {
        let targets = [
            Self.target("rocket-reserver", linking: ["Runner"]),
            Self.target("Runner", linking: ["GraphQLPlanning", "API", "GraphQLCodegen"]),
            Self.target("API", linking: [], plugins: ["GraphQLCodegenPlugin"]),
            Self.target("GraphQLCodegenPlugin", linking: ["graphql-codegen"]),
            Self.target("graphql-codegen", linking: ["GraphQLCodegen"]),
            Self.target("GraphQLPlanning", linking: []),
            Self.target("GraphQLCodegen", linking: ["GraphQLPlanning"]),
        ]
        #expect(Self.generatorLinks(from: "rocket-reserver", in: targets) == ["rocket-reserver → Runner → GraphQLCodegen"])
        let withoutEdge = targets.map { $0.name == "Runner" ? Self.target("Runner", linking: ["GraphQLPlanning", "API"]) : $0 }
        // A plugin the build runs (the generator's) is not linked.
        #expect(Self.generatorLinks(from: "rocket-reserver", in: withoutEdge).isEmpty)
    }

    private static func target(_ name: String, linking linked: [String], plugins: [String] = []) -> DeclaredTarget {
        DeclaredTarget(name: name, type: "regular", folder: "Sources/" + name, dependencies: linked + plugins, linked: linked)
    }
}
