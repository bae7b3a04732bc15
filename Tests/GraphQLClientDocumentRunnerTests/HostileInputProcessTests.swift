import Foundation
import TestExpectations
import Testing
import TestSupport

/// Hostile input through the built binary: documents whose fragments fan out or chain, fields
/// repeated thousands of times, and answers whose text floods (blank lines, combining marks,
/// ZWJ chains). Each ends in time with its answer or a sentence, and what is printed stays
/// within the sanitiser's bounds. Durations are generous guards against exponential or
/// quadratic work (which took hours), measured on the child's own clock.
@Suite("Hostile input through the binary", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileInputProcessTests {
    static let launchAnswer = #"{"data":{"launch":{"__typename":"Launch","id":"1","site":"X"}}}"#

    static func fanOut(_ levels: Int, throughFields: Bool) -> String {
        var text = throughFields ? "query FanOut { __schema { types { ...T0 } } }\n" : "query FanOut { launch(id: \"1\") { ...T0 } }\n"
        for level in 0..<levels {
            text += throughFields
                ? "fragment T\(level) on __Type { name ofType { ...T\(level + 1) } interfaces { ...T\(level + 1) } }\n"
                : "fragment T\(level) on Launch { id ...T\(level + 1) ...T\(level + 1) }\n"
        }
        return text + (throughFields ? "fragment T\(levels) on __Type { kind }\n" : "fragment T\(levels) on Launch { site }\n")
    }

    @Test func fragmentsThatFanOutAreSentOnceOrRefusedWithASentence() async throws {
        let server = try FaultServer(.json(Self.launchAnswer))
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        // 2^30 paths at one level merge into two fields.
        let merged = try await session.run("query", try session.file("FanOut.graphql", Self.fanOut(30, throughFields: false)), "--schema", DocumentCommandSession.repositorySchema)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == "{\n  \"launch\": {\n    \"id\": \"1\",\n    \"site\": \"X\"\n  }\n}\n")
        #expect(merged.duration < .seconds(60))
        #expect(server.requestCount == 1)
        // 2^30 fields once expanded: refused before anything is sent.
        let grown = try await session.run("query", try session.file("Grown.graphql", Self.fanOut(30, throughFields: true)), "--schema", DocumentCommandSession.repositorySchema)
        #expect(grown.status == 64, "\(grown.stderr)")
        #expect(grown.stderr.contains("error: The selection grows to more than 500000 fields once its fragments are merged"), "\(grown.stderr)")
        #expect(grown.duration < .seconds(60))
        #expect(server.requestCount == 1)
    }

    @Test func aChainOfFragmentsAndARepeatedFieldEndInTime() async throws {
        let server = try FaultServer(.json(Self.launchAnswer))
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        var chain = "query Chain { launch(id: \"1\") { ...F0 } }\n"
        for level in 0..<10_000 { chain += "fragment F\(level) on Launch { ...F\(level + 1) }\n" }
        chain += "fragment F10000 on Launch { id }\n"
        let chained = try await session.run("query", try session.file("Chain.graphql", chain), "--schema", DocumentCommandSession.repositorySchema)
        #expect(chained.status == 64, "\(chained.stderr)")
        #expect(chained.stderr.contains("error: The operation \"Chain\" is nested more than 256 levels deep once its fragments are spread."))
        #expect(server.requestCount == 0)
        let repeated = "query Many { launch(id: \"1\") { " + String(repeating: "id ", count: 20_000) + "site } }"
        let many = try await session.run("query", try session.file("Many.graphql", repeated), "--schema", DocumentCommandSession.repositorySchema)
        #expect(many.status == 0, "\(many.stderr)")
        #expect(many.stdout == "{\n  \"launch\": {\n    \"id\": \"1\",\n    \"site\": \"X\"\n  }\n}\n")
        #expect(many.duration < .seconds(60))
    }

    @Test func floodedErrorMessagesBecomeOneShortSentence() async throws {
        let flood = String(repeating: "\\n", count: 1_000_000) + "e" + String(repeating: "\u{301}", count: 1_000_000)
            + Array(repeating: "👩", count: 3_001).joined(separator: "\u{200D}") + String(repeating: "x", count: 4_000_000)
        let server = try FaultServer(.json(#"{"data":null,"errors":[{"message":"\#(flood)","path":["launch"]}]}"#))
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let result = try await session.run("query", try session.file("Q.graphql", "query Q { launch(id: \"1\") { id } }"), "--schema", DocumentCommandSession.repositorySchema)
        #expect(result.status == 1, "\(result.stderr.prefix(300))")
        #expect(result.stderr.hasPrefix("rocket-reserver: The server answered with an error: \u{FFFD}\u{FFFD}"))
        #expect(result.stderr.utf8.count < 2_000)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(result.duration < .seconds(60))
    }

    @Test func floodedLaunchNamesPrintWithinTheByteBound() async throws {
        let names = [
            "e" + String(repeating: "\u{301}", count: 100_000),
            Array(repeating: "👩", count: 3_001).joined(separator: "\u{200D}"),
            String(repeating: "🇯", count: 100_001),
            String(repeating: "\u{1100}", count: 100_000),
            String(repeating: "\u{0D4E}", count: 100_000) + "a",
            String(repeating: "x", count: 4_000_000),
        ]
        let launches = names.enumerated().map { index, name in
            #"{"__typename":"Launch","id":"\#(index)","site":"\#(name)","mission":{"__typename":"Mission","name":"\#(name)","missionPatch":null}}"#
        }
        let answer = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"c","hasMore":false,"launches":[\#(launches.joined(separator: ","))]}}}"#
        let server = try FaultServer(.json(answer))
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let result = try await session.run("launches")
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        let rows = result.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == names.count)
        for row in rows {
            // The id, the mission and the site, each at most 4,000 bytes, and the gutters.
            #expect(row.utf8.count <= 2 * 4_000 + 64)
        }
        #expect(result.duration < .seconds(60))
    }
}
