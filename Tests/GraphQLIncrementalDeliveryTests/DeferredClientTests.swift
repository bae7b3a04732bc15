import Foundation
import GraphQLClient
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Testing
import Transport

/// A deferred operation through the standard chain: parts handed on in order in both
/// formats and in any split, a part that errors, a drop mid-response, and what is cached.
@Suite(.timeLimit(.minutes(5)))
struct DeferredClientTests {
    typealias Fixture = DeferredOperationFixture

    @Test("Parts arrive in order, merged, in both formats and any split", arguments: [1, 3, 17, Int.max])
    func partsInOrder(pieceSize: Int) async throws {
        for (text, boundary) in [(Fixture.apollo, "-"), (Fixture.graphQLJS, "graphql")] {
            let session = ScriptedStreamingSession(multipart: text, boundary: boundary, pieceSize: pieceSize)
            let (parts, error) = await Fixture.run(Fixture.client(session))
            #expect(error == nil)
            #expect(parts.map(\.data) == [Fixture.initialData, Fixture.merged])
            #expect(parts.map(\.hasNext) == [true, false])
            #expect(parts.last?.deliveries == [GraphQLIncrementalPart.Delivery(path: ["launch"], label: "Rocket")])
        }
    }

    @Test func onlyADeferredOperationAsksForMultipart() async throws {
        let session = ScriptedStreamingSession(multipart: Fixture.apollo, boundary: "-")
        _ = await Fixture.run(Fixture.client(session))
        let accept = session.requests.first?.value(forHTTPHeaderField: "Accept")
        #expect(accept == "multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json;q=0.9")
        #expect(session.requests.first.map { String(decoding: $0.body, as: UTF8.self).contains("... @defer(label: \\\"Rocket\\\") { rocket") } == true)

        let plain = StubHTTPSession([StubHTTPSession.json(#"{"data":{"totalTripsBooked":1}}"#)])
        _ = try await Fixture.client(plain).fetch(GraphQLOperation(.query, name: "Total", selections: ["totalTripsBooked"]), cachePolicy: .networkOnly)
        #expect(plain.requests.first?.value(forHTTPHeaderField: "Accept") == "application/graphql-response+json, application/json;q=0.9")
    }

    @Test func aServerThatAnswersAtOnceGivesOnePart() async throws {
        let session = StubHTTPSession([StubHTTPSession.json(#"{"data":"# + JSONWriter.string(.object(Fixture.merged)) + "}")])
        let (parts, error) = await Fixture.run(Fixture.client(session))
        #expect(error == nil)
        #expect(parts.map(\.data) == [Fixture.merged])
        #expect(parts.map(\.hasNext) == [false])
    }

    @Test func aPartThatErrorsIsReportedAndTheRequestFailsWithIt() async throws {
        let cache = NormalizedCache()
        let session = ScriptedStreamingSession(multipart: Fixture.failing, boundary: "graphql")
        let (parts, error) = await Fixture.run(Fixture.client(session, cache: cache))
        #expect(parts.count == 2)
        #expect(parts.last?.errors.map(\.message) == ["rocket unavailable"])
        let kind = (error as? GraphQLClientError)?.kind
        guard case .partialData(let data, let errors)? = kind else {
            Issue.record("expected partial data, got \(String(describing: error))")
            return
        }
        #expect(data == Fixture.initialData)
        #expect(errors.map(\.message) == ["rocket unavailable"])
        // The initial part was cached; the whole answer is not, so a cache-first read misses.
        #expect(await cache.read(Fixture.operation) == Fixture.initialData)
        #expect(await cache.record("Launch:25")?["site"] == .scalar("CCAFS"))
    }

    @Test func aDropMidResponseIsAnErrorWithNothingHalfWritten() async throws {
        let cache = NormalizedCache()
        // Everything up to the middle of the rocket's part, then the connection ends.
        let cut = String(Fixture.graphQLJS.prefix(upTo: Fixture.graphQLJS.range(of: "Falcon")!.lowerBound))
        let session = ScriptedStreamingSession(multipart: cut, boundary: "graphql", pieceSize: 5)
        let (parts, error) = await Fixture.run(Fixture.client(session, cache: cache))
        #expect(parts.map(\.data) == [Fixture.initialData])
        #expect((error as? GraphQLClientError)?.kind == .transport(.connectionLost))
        #expect(await cache.record("Rocket:falcon9") == nil)
        #expect(await cache.read(Fixture.operation) == Fixture.initialData)

        // The transport's own drop is the same error, and is not retried once a part went on.
        let dropping = ScriptedStreamingSession(multipart: cut, boundary: "graphql", dropsAtEnd: true)
        let (again, dropped) = await Fixture.run(Fixture.client(dropping))
        #expect(again.count == 1)
        #expect((dropped as? GraphQLClientError)?.kind == .transport(.connectionLost))
        #expect(dropping.requests.count == 1)
    }

    @Test func aCacheFirstReadOfAWholeAnswerHitsAndOfAPartialOneMisses() async throws {
        let cache = NormalizedCache()
        let session = ScriptedStreamingSession(multipart: Fixture.apollo, boundary: "-")
        let client = Fixture.client(session, cache: cache)
        _ = await Fixture.run(client)
        let (hit, error) = await Fixture.run(client, policy: .cacheFirst)
        #expect(error == nil)
        #expect(hit.map(\.source) == [.cache])
        #expect(hit.map(\.data) == [Fixture.merged])
        #expect(session.requests.count == 1)

        // The rocket's part never arrived: the answer is not whole.
        await cache.removeField("rocket", of: "Launch:25")
        #expect(await cache.read(Fixture.operation) == Fixture.initialData)
        let (refetched, _) = await Fixture.run(client, policy: .cacheFirst)
        #expect(refetched.map(\.source) == [.network, .network])
        #expect(session.requests.count == 2)
    }
}
