import Foundation
import Testing
import TestSupport

/// `rocket-reserver query` against the reference server: validation first, typed variables,
/// the token, the cache, the operation chosen, the server's errors.
@Suite("query command against the reference server", .serialized, .timeLimit(.minutes(5)))
struct QueryCommandProcessTests {
    static let details = """
        query LaunchDetails($id: ID!, $size: PatchSize = SMALL) {
          launch(id: $id) {
            id
            site
            mission { name missionPatch(size: $size) }
            ...RocketParts
          }
        }

        fragment RocketParts on Launch { rocket { name type } }
        """

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func aQueryWithAnIDVariablePrintsItsDataInSelectionOrder() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("LaunchDetails.graphql", Self.details)
        let result = try await session.run("query", file, "--var", "id=25")
        #expect(result.status == 0, "\(result.stderr)")
        let launch = try #require(DocumentCommandSession.json(result)?["launch"] as? [String: Any])
        #expect(launch["id"] as? String == "25")
        #expect((launch["mission"] as? [String: Any])?["missionPatch"] as? String == "https://images.rocketreserver.invalid/patches/25-small.png")
        #expect((launch["rocket"] as? [String: Any])?["name"] is String)
        // Fields in the document's order; no __typename the document did not ask for.
        #expect(result.stdout.range(of: "\"id\"")!.lowerBound < result.stdout.range(of: "\"site\"")!.lowerBound)
        #expect(!result.stdout.contains("__typename"))
    }

    /// `@include`/`@skip` reach the server and the printed answer: a field left out is not
    /// printed, and a later run that selects it asks the server again.
    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func includeAndSkipDecideWhatIsAskedAndPrinted() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Conditional.graphql", "query Conditional($b: Boolean!) { launch(id: \"25\") { id site @include(if: $b) mission @skip(if: $b) { name } } }")
        let without = try await session.run("query", file, "--var", "b=false")
        #expect(without.status == 0, "\(without.stderr)")
        let left = try #require(DocumentCommandSession.json(without)?["launch"] as? [String: Any])
        #expect(left["site"] == nil && left["mission"] is [String: Any], "\(without.stdout)")
        let with = try await session.run("query", file, "--var", "b=true")
        #expect(with.status == 0, "\(with.stderr)")
        let included = try #require(DocumentCommandSession.json(with)?["launch"] as? [String: Any])
        #expect(included["site"] is String && included["mission"] == nil, "\(with.stdout)")
    }

    @Test func variablesAreSentAsTheirDeclaredTypes() async throws {
        let answer = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"c","hasMore":false},"launch":{"__typename":"Launch","id":"25"}}}"#
        let server = try FaultServer(.json(answer))
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Page.graphql", """
            query Page($pageSize: Int, $after: String, $id: ID!) { launches(pageSize: $pageSize, after: $after) { cursor hasMore } launch(id: $id) { id } }
            """)
        let result = try await session.run("query", file, "--schema", DocumentCommandSession.repositorySchema, "--var", "pageSize=3", "--var", "after=null", "--var", "id=25")
        #expect(result.status == 0, "\(result.stderr)")
        let variables = try #require(server.requests.first?.graphQLVariables)
        #expect(variables["pageSize"] as? Int == 3)
        #expect(variables["id"] as? String == "25")
        #expect(variables["after"] is NSNull)

        let refused = try await session.run("query", file, "--schema", DocumentCommandSession.repositorySchema, "--var", "pageSize=three", "--var", "id=1")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("$pageSize"))
        let missing = try await session.run("query", file, "--schema", DocumentCommandSession.repositorySchema)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("$id (ID!) is required"))
        #expect(server.requestCount == 1)
    }

    @Test func aMisspelledFieldIsReportedAtItsPlaceAndNothingIsSent() async throws {
        let server = try FaultServer(.json(#"{"data":{}}"#))
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Typo.graphql", "query Typo {\n  launch(id: \"1\") {\n    mission { nmae }\n  }\n}\n")
        let result = try await session.run("query", file, "--schema", DocumentCommandSession.repositorySchema)
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(file):3:15: error: Cannot query field \"nmae\" on type \"Mission\"."))
        #expect(result.stdout.isEmpty)
        #expect(server.requestCount == 0)
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func theEndpointsSchemaIsKeptAndValidatesWithoutTheServer() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let good = try session.file("Total.graphql", "query Total { totalTripsBooked }")
        #expect(try await session.run("query", good, "--force-reload").status == 0)
        // Frozen, the server would make any request time out: the kept schema answers validation.
        server.pause()
        defer { server.resume() }
        let typo = try session.file("Typo.graphql", "query Typo { totalTripsBokeed }")
        let result = try await session.run("query", typo, timeout: "2")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("Typo.graphql:1:14: error: Cannot query field \"totalTripsBokeed\""))
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func aSecondRunIsAnsweredFromTheCacheUnlessReloadIsForced() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("LaunchDetails.graphql", Self.details)
        let first = try await session.run("query", file, "--var", "id=7")
        #expect(first.status == 0, "\(first.stderr)")

        server.pause()
        defer { server.resume() }
        let cached = try await session.run("query", file, "--var", "id=7", timeout: "3")
        #expect(cached.status == 0, "a cache hit must not need the server: \(cached.stderr)")
        #expect(cached.stdout == first.stdout)

        let other = try await session.run("query", file, "--var", "id=8", timeout: "1")
        #expect(other.status == 69, "launch 8 is not cached, so the frozen server is asked")
        let forced = try await session.run("query", file, "--var", "id=7", "--force-reload", timeout: "1")
        #expect(forced.status == 69, "--force-reload asks the server")
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func aMutationSendsTheLoginAndIsNeverRetried() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Trips.graphql", """
            mutation Book($ids: [ID]!) { bookTrips(launchIds: $ids) { success message launches { id isBooked } } }
            query Me { me { email trips { id } } }
            """)
        let anonymous = try await session.run("query", file, "--operation", "Book", "--var", "ids=[\"5\"]")
        #expect(anonymous.status == 77, "\(anonymous.stderr)")
        #expect(try await session.run("login", "console@example.com").status == 0)
        let booked = try await session.run("query", file, "--operation", "Book", "--var", "ids=5")
        #expect(booked.status == 0, "\(booked.stderr)")
        let trip = try #require(DocumentCommandSession.json(booked)?["bookTrips"] as? [String: Any])
        #expect(trip["success"] as? Bool == true)
        let me = try await session.run("query", file, "--operation", "Me", "--force-reload")
        #expect((DocumentCommandSession.json(me)?["me"] as? [String: Any])?["email"] as? String == "console@example.com")

        let unavailable = try FaultServer(.empty(status: 503))
        let faulty = try DocumentCommandSession(endpoint: unavailable.endpoint)
        let mutation = try faulty.file("Trips.graphql", "mutation Cancel { cancelTrip(launchId: \"5\") { success } }")
        #expect(try await faulty.run("query", mutation, "--schema", DocumentCommandSession.repositorySchema).status == 76)
        #expect(unavailable.requestCount == 1, "a mutation is sent once")
        unavailable.clearRequests()
        let query = try faulty.file("Total.graphql", "query Total { totalTripsBooked }")
        #expect(try await faulty.run("query", query, "--schema", DocumentCommandSession.repositorySchema).status == 76)
        #expect(unavailable.requestCount == 3, "a query is retried twice")
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func operationChoosesAmongSeveral() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Two.graphql", """
            query Total { totalTripsBooked }
            query First { launches(pageSize: 1) { launches { id } } }
            """)
        let unchosen = try await session.run("query", file)
        #expect(unchosen.status == 64)
        #expect(unchosen.stderr.contains("several operations (Total, First)"))
        let first = try await session.run("query", file, "--operation", "First")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(DocumentCommandSession.json(first)?["launches"] != nil)
        #expect(DocumentCommandSession.json(first)?["totalTripsBooked"] == nil)
        #expect(try await session.run("query", file, "--operation", "Third").status == 64)
    }

    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func theServersErrorsGoToStandardErrorWithStatusOne() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        // A local schema with a field the server does not have: it passes here, the server refuses it.
        let schema = try String(contentsOfFile: DocumentCommandSession.repositorySchema, encoding: .utf8)
            .replacingOccurrences(of: "type Query {", with: "type Query {\n  extra: String")
        let schemaFile = try session.file("extra.graphqls", schema)
        let file = try session.file("Extra.graphql", "query Extra { extra }")
        let result = try await session.run("query", file, "--schema", schemaFile)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("The server answered with an error: Cannot query field \"extra\" on type \"Query\"."))
    }
}

extension QueryCommandProcessTests {
    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func anAnonymousQueryRunsAndASyntaxErrorPointsAtItsPlace() async throws {
        let server = try await ReferenceServer()
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Anonymous.graphql", "{ launch(id: \"3\") { id } }")
        let result = try await session.run("query", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((DocumentCommandSession.json(result)?["launch"] as? [String: Any])?["id"] as? String == "3")

        let broken = try session.file("Broken.graphql", "query Broken {\n  launch(id: \"3\") { id\n")
        let syntax = try await session.run("query", broken)
        #expect(syntax.status == 64)
        #expect(syntax.stderr.contains("Broken.graphql has an error; nothing was sent:\n\(broken):3:1: error:"))
    }
}

extension QueryCommandProcessTests {
    @Test func partialDataIsPrintedAndTheErrorsAreSanitisedSentences() async throws {
        let answer = #"{"data":{"totalTripsBooked":null,"launch":{"__typename":"Launch","id":"1"}},"errors":[{"message":"boom\u001b[31m red\nsecond line","path":["totalTripsBooked"]}]}"#
        let server = try FaultServer(.json(answer))
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Partial.graphql", "query Partial { totalTripsBooked launch(id: \"1\") { id } }")
        let result = try await session.run("query", file, "--schema", DocumentCommandSession.repositorySchema)
        #expect(result.status == 1)
        #expect(result.stdout == "{\n  \"totalTripsBooked\": null,\n  \"launch\": {\n    \"id\": \"1\"\n  }\n}\n")
        #expect(result.stderr == "rocket-reserver: The server answered with an error: boom\u{FFFD}[31m red second line (at totalTripsBooked).\n")
    }
}
