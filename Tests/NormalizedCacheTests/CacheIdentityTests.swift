import Foundation
import GraphQLClient
import GraphQLClientFixtures
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing
import TestSupport

/// An answer writes only the records its own path and the schema's key rules give it: every
/// record a forged answer could name stays as it was, and a forged answer is cached not at all.
@Suite(.timeLimit(.minutes(5)))
struct CacheIdentityTests {
    private let details = ClientFixtures.launchDetails
    private let list = LaunchListFixture.operation

    /// `LaunchDetails` for launch `id`, with `mission` and `rocket` as given (JSON text).
    static func detailsBody(
        id: String = "7",
        typename: String = #""Launch""#,
        mission: String = #"{"__typename":"Mission","name":"Seven","missionPatch":"https://images.rocketreserver.invalid/7.png"}"#,
        rocket: String = #"{"__typename":"Rocket","id":"r7","name":"R7","type":"T"}"#
    ) -> String {
        #"{"data":{"launch":{"__typename":\#(typename),"id":"\#(id)","site":"S7","mission":\#(mission),"rocket":\#(rocket),"isBooked":false}}}"#
    }

    private static func data(_ body: String) throws -> [String: JSONValue] {
        try #require(try GraphQLResponseDecoder.decode(Data(body.utf8)).data)
    }

    /// An SQLite-backed cache holding launch 5 (details and a list page that holds it) and the
    /// bytes of its database and write-ahead log (any write changes them).
    private func warmCache() async throws -> (cache: NormalizedCache, file: URL, bytes: Data) {
        let file = ClientFixtures.temporaryFolder().appendingPathComponent("cache.sqlite")
        let cache = NormalizedCache(persistence: .sqlite(at: file))
        try await cache.write(try Self.data(ClientFixtures.detailsBody(id: "5")), for: details, variables: ["launchId": "5"])
        try await cache.write(try Self.data(String(decoding: LaunchListFixture.body(count: 6), as: UTF8.self)), for: list, variables: ["pageSize": 20])
        return (cache, file, try Self.stored(file))
    }

    /// The database's and its write-ahead log's bytes.
    private static func stored(_ file: URL) throws -> Data {
        try Data(contentsOf: file) + Data(contentsOf: URL(fileURLWithPath: file.path + "-wal"))
    }

    /// Launch 5 as the cache answers it, through both operations.
    private func launchFive(_ cache: NormalizedCache) async -> [JSONValue?] {
        [
            await cache.read(details, variables: ["launchId": "5"]).map(JSONValue.object),
            await cache.read(list, variables: ["pageSize": 20]).map(JSONValue.object),
        ]
    }

    static let forgedDetails: [(String, String, CacheIdentityError.Reason)] = [
        ("the issue's example: a mission claiming to be Launch 5.mission",
         detailsBody(mission: #"{"__typename":"Launch","id":"5.mission","name":"Forged","missionPatch":"https://evil.invalid/p.png"}"#),
         .typeNotPossible(typename: "Launch")),
        ("a mission claiming to be Launch 5", detailsBody(mission: #"{"__typename":"Launch","id":"5","name":"Forged","missionPatch":null}"#),
         .typeNotPossible(typename: "Launch")),
        ("a rocket claiming to be Launch 5", detailsBody(rocket: #"{"__typename":"Launch","id":"5","name":"Forged","type":"T"}"#),
         .typeNotPossible(typename: "Launch")),
        ("a rocket claiming its parent's key, Launch 7", detailsBody(rocket: #"{"__typename":"Launch","id":"7","name":"Forged","type":"T"}"#),
         .typeNotPossible(typename: "Launch")),
        ("a rocket claiming the query root's type", detailsBody(rocket: #"{"__typename":"QUERY_ROOT","id":"x","name":"F","type":"T"}"#),
         .typeNotPossible(typename: "QUERY_ROOT")),
        ("a rocket claiming to be a User", detailsBody(rocket: #"{"__typename":"User","id":"a@example.com","name":"F","type":"T"}"#),
         .typeNotPossible(typename: "User")),
        ("the launch claiming to be a Mission", detailsBody(typename: #""Mission""#), .typeNotPossible(typename: "Mission")),
        ("a type name with a dot (a path key)", detailsBody(rocket: #"{"__typename":"Launch:5.mission","id":"","name":"F","type":"T"}"#),
         .typenameNotAName),
        ("a type name spelling the list's path key",
         detailsBody(rocket: #"{"__typename":"QUERY_ROOT.launches({\"after\"","id":"null,\"pageSize\":20})","name":"F","type":"T"}"#),
         .typenameNotAName),
        ("a type name with a colon", detailsBody(rocket: #"{"__typename":"Launch:5","id":"x","name":"F","type":"T"}"#), .typenameNotAName),
        ("an empty type name", detailsBody(rocket: #"{"__typename":"","id":"x","name":"F","type":"T"}"#), .typenameNotAName),
        ("a type name that is a number", detailsBody(rocket: #"{"__typename":5,"id":"x","name":"F","type":"T"}"#), .typenameNotAName),
        ("a null type name", detailsBody(mission: #"{"__typename":null,"name":"F","missionPatch":null}"#), .typenameNotAName),
        ("a type name with a space", detailsBody(typename: #""Launch 5""#), .typenameNotAName),
    ]

    @Test(arguments: 0..<forgedDetails.count)
    func aForgedIdentityIsRefusedAndNothingOfTheAnswerIsCached(_ index: Int) async throws {
        let (name, body, reason) = Self.forgedDetails[index]
        let (cache, file, bytes) = try await warmCache()
        let before = await launchFive(cache)
        let forged = try Self.data(body)
        do {
            try await cache.write(forged, for: details, variables: ["launchId": "7"])
            Issue.record("\(name): the answer was accepted")
        } catch {
            #expect(error.reason == reason, "\(name)")
            #expect(!error.description.contains("evil"), "\(name): \(error.description)")
        }
        #expect(try Self.stored(file) == bytes, "\(name): the cache file changed")
        #expect(await launchFive(cache) == before, "\(name): launch 5 changed in memory")
        #expect(await cache.read(details, variables: ["launchId": "7"]) == nil, "\(name): part of the answer was kept")
        #expect(await cache.record("Launch:7") == nil, "\(name)")
    }

    /// Ids that spell other records' keys are the answer's own records, under keys of their own.
    static let strangeIDs = [
        "5.mission", "5%2Emission", "5%252Emission", ".", "..", "%", "5.", ".5", "QUERY_ROOT", "ROOT_QUERY", "MUTATION_ROOT",
        "CACHE_STATE", "Launch:5", "User:a@example.com", "5.mission.missionPatch({\"size\":\"LARGE\"})", "", ":", "a.b:c%d",
    ]

    @Test func idsThatSpellOtherKeysAreKeptApart() async throws {
        let (cache, file, _) = try await warmCache()
        let before = await launchFive(cache)
        var keys: Set<String> = []
        for id in Self.strangeIDs {
            let rocket = #"{"__typename":"Rocket","id":"\#(id.replacingOccurrences(of: "\"", with: "\\\""))","name":"R \#(keys.count)","type":"T"}"#
            try await cache.write(try Self.data(Self.detailsBody(rocket: rocket)), for: details, variables: ["launchId": "7"])
            let key = CacheKeys.key(typename: "Rocket", id: id)
            keys.insert(key)
            #expect(!key.contains("."), "\(id) → \(key)")
            #expect(await cache.record(key)?["name"] == .scalar(.string("R \(keys.count - 1)")), "\(id) → \(key)")
            let read = await cache.read(details, variables: ["launchId": "7"])
            #expect(read?["launch"]?["rocket"]?["id"] == .string(id), "\(id) did not read back")
            #expect(await launchFive(cache) == before, "the rocket \(id) changed launch 5")
        }
        #expect(keys.count == Self.strangeIDs.count, "two ids share a key")
        #expect(await cache.record("QUERY_ROOT")?[#"launch({"id":"5"})"#] == .reference("Launch:5"))
        // The same holds for what was saved.
        let reloaded = NormalizedCache(persistence: .sqlite(at: file))
        #expect(await launchFive(reloaded) == before)
    }

    @Test func identityKeysNeverSpellARootOrPathKeyAndNeverShareOne() {
        var generator = SplitMix64(state: 22)
        let alphabet = Array("a5.%:2E_(){}\"QUERY_ROOT")
        var seen: [String: String] = [:]
        for _ in 0..<20_000 {
            let id = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let key = CacheKeys.key(typename: "Launch", id: id)
            #expect(!key.contains(".") && key.hasPrefix("Launch:"), "\(id) → \(key)")
            if let other = seen[key], other != id { Issue.record("\(id) and \(other) share \(key)") }
            seen[key] = id
        }
        #expect(CacheKeys.key(typename: "Launch", id: "25") == "Launch:25")
        #expect(CacheKeys.key(typename: "Rocket", id: "falcon9") == "Rocket:falcon9")
    }

    @Test func theSameIdentityTwiceWithOtherValuesIsRefused() async throws {
        let (cache, file, bytes) = try await warmCache()
        let before = await launchFive(cache)
        func page(_ second: String) -> String {
            #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"9","hasMore":false,"launches":["#
                + #"{"__typename":"Launch","id":"5","site":"CCAFS SLC 40","mission":{"__typename":"Mission","name":"Starlink 5","missionPatch":"https://images.rocketreserver.invalid/5/patch_small.png"}},"#
                + second + "]}}}"
        }
        let conflicts = [
            #"{"__typename":"Launch","id":"5","site":"Forged","mission":{"__typename":"Mission","name":"Starlink 5","missionPatch":"https://images.rocketreserver.invalid/5/patch_small.png"}}"#,
            #"{"__typename":"Launch","id":"5","site":"CCAFS SLC 40","mission":{"__typename":"Mission","name":"Forged","missionPatch":"https://images.rocketreserver.invalid/5/patch_small.png"}}"#,
            #"{"__typename":"Launch","id":"5","site":"CCAFS SLC 40","mission":null}"#,
            #"{"__typename":"Launch","id":5,"site":"Forged","mission":null}"#,
        ]
        for second in conflicts {
            let forged = try Self.data(page(second))
            do {
                try await cache.write(forged, for: list, variables: ["pageSize": 3])
                Issue.record("accepted: \(second)")
            } catch {
                #expect(error.reason == .conflictingValues)
                #expect(error.path.hasPrefix("launches.launches[1]"), "\(error.path)")
            }
            #expect(try Self.stored(file) == bytes)
            #expect(await launchFive(cache) == before)
            #expect(await cache.read(list, variables: ["pageSize": 3]) == nil)
        }
        // The same object twice with the same values is no contradiction.
        let again = #"{"__typename":"Launch","id":"5","site":"CCAFS SLC 40","mission":{"__typename":"Mission","name":"Starlink 5","missionPatch":"https://images.rocketreserver.invalid/5/patch_small.png"}}"#
        try await cache.write(try Self.data(page(again)), for: list, variables: ["pageSize": 3])
        #expect(await cache.read(list, variables: ["pageSize": 3]) != nil)
        #expect(await launchFive(cache) == before)
    }

    @Test func aListElementClaimingARootOrAnotherTypeIsRefused() async throws {
        let (cache, file, bytes) = try await warmCache()
        for element in [
            #"{"__typename":"QUERY_ROOT","id":"x","site":"F","mission":null}"#,
            #"{"__typename":"LaunchConnection","id":"5","site":"F","mission":null}"#,
            #"{"__typename":"Mission","id":"5","site":"F","mission":null}"#,
            #"{"__typename":"QUERY_ROOT.x","id":"5","site":"F","mission":null}"#,
        ] {
            let body = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"9","hasMore":false,"launches":[\#(element)]}}}"#
            await #expect(throws: CacheIdentityError.self, "\(element)") {
                try await cache.write(try Self.data(body), for: list, variables: ["pageSize": 3])
            }
            #expect(try Self.stored(file) == bytes)
        }
        // The connection itself claiming to be a Launch.
        let body = #"{"data":{"launches":{"__typename":"Launch","id":"5","cursor":"9","hasMore":false,"launches":[]}}}"#
        await #expect(throws: CacheIdentityError.self) { try await cache.write(try Self.data(body), for: list, variables: ["pageSize": 3]) }
        #expect(try Self.stored(file) == bytes)
    }

    @Test func aForgedMutationAnswerIsNotCached() async throws {
        let (cache, file, bytes) = try await warmCache()
        let launch = #"{"__typename":"Launch","id":"7","site":"S","mission":{"__typename":"Launch","id":"5","name":"F","missionPatch":null},"rocket":null,"isBooked":true}"#
        let body = #"{"data":{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"message":"ok","launches":[\#(launch)]}}}"#
        await #expect(throws: CacheIdentityError.self) {
            try await cache.write(try Self.data(body), for: ClientFixtures.bookTrip, variables: ["id": "7"])
        }
        #expect(try Self.stored(file) == bytes)
        #expect(await cache.record("Launch:7") == nil)
    }

    /// Without the schema's types (a hand-written operation), an id the selection did not ask
    /// for identifies nothing, and a nested object reusing its parent's key must agree with it.
    @Test func handWrittenOperationsKeyOnlyBySelectedIdsAndRefuseContradictions() async throws {
        let operation = GraphQLOperation(.query, name: "Plain", selections: [
            GraphQLField("launch", arguments: ["id": .literal("7")], ["id", "site", GraphQLField("mission", ["name"]), GraphQLField("rocket", ["id", "site"])]),
        ])
        let cache = NormalizedCache()
        // The mission has no id in its selection: the server's extra id keys nothing.
        try await cache.write(
            ["launch": ["__typename": "Launch", "id": "7", "site": "S",
                        "mission": ["__typename": "Launch", "id": "5", "name": "M"], "rocket": nil]],
            for: operation
        )
        #expect(await cache.record("Launch:5") == nil)
        #expect(await cache.record("Launch:7")?["mission"] == .reference("Launch:7.mission"))
        // A nested object claiming its parent's key with another site contradicts it.
        await #expect(throws: CacheIdentityError.self) {
            try await cache.write(
                ["launch": ["__typename": "Launch", "id": "8", "site": "S", "mission": nil,
                            "rocket": ["__typename": "Launch", "id": "8", "site": "Other"]]],
                for: operation
            )
        }
        #expect(await cache.record("Launch:8") == nil)
    }

    @Test func declaredPossibleTypesAreNamesOnly() async throws {
        let field = GraphQLField("rocket", ["id", "name"], possibleTypes: ["Rocket", "Launch:5.mission", "QUERY_ROOT.x", ""])
        #expect(field.possibleTypes == ["Rocket"])
        #expect(field.identityKey == "id")
        let aliased = GraphQLField("rocket", [GraphQLField("id", alias: "key"), "name"])
        #expect(aliased.identityKey == "key")
        #expect(GraphQLField("mission", ["name"]).identityKey == nil)
        // A declared type that is not a name cannot let a forged type name through.
        let operation = GraphQLOperation(.query, name: "Odd", selections: [
            GraphQLField("rocket", ["id", "name"], possibleTypes: ["Launch:5.mission"]),
        ])
        await #expect(throws: CacheIdentityError.self) {
            try await NormalizedCache().write(["rocket": ["__typename": "Launch:5.mission", "id": "", "name": "F"]], for: operation)
        }
    }

    /// Through the client: the forged answer to `details 7` fails as not understood, and the
    /// cache is the same before and after.
    @Test func theClientReportsAForgedAnswerAsNotUnderstood() async throws {
        let (cache, file, bytes) = try await warmCache()
        let body = Self.detailsBody(mission: #"{"__typename":"Launch","id":"5.mission","name":"Forged","missionPatch":"https://evil.invalid/p.png"}"#)
        let session = StubHTTPSession([StubHTTPSession.json(body)])
        let client = ClientFixtures.client(session, cache: cache)
        do {
            _ = try await client.fetch(details, variables: ["launchId": "7"], cachePolicy: .networkOnly)
            Issue.record("the forged answer was accepted")
        } catch let error as GraphQLClientError {
            guard case .unexpectedShape(let reason) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("launch.mission"), "\(reason)")
            #expect(error.classification() == .unreadableResponse)
            #expect(error.outcomeIsUnknown)
        }
        #expect(try Self.stored(file) == bytes)
        #expect(await cache.read(details, variables: ["launchId": "5"])?["launch"]?["mission"]?["name"] == "Starlink 5")
    }
}
