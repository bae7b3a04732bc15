import Foundation
import Testing
import TestSupport

/// A query whose answer was read on the server before a parallel mutation, but arrives after
/// the mutation has updated the cache, must not be saved over the mutation's outcome.
@Suite("A query racing a mutation", .timeLimit(.minutes(5)))
struct QueryRacingMutationTests {
    @Test(arguments: ["book", "cancel"])
    func aStaleQueryAnswerIsNotSavedOverAMutation(_ mutation: String) async throws {
        let session = try await FaultSession()
        let launch = FaultSession.cachedLaunch
        let staleBooked = mutation == "cancel"   // what the server said before the mutation
        let gate = FaultServerGate()
        defer { gate.open() }
        let staleDetails = #"{"data":{"launch":{"__typename":"Launch","id":"\#(launch)","site":"X","mission":{"__typename":"Mission","name":"M","missionPatch":null},"rocket":{"__typename":"Rocket","id":"r","name":"R","type":"T"},"isBooked":\#(staleBooked)}}}"#
        let token = session.token
        session.server.behaviour = .decide { request in
            if request.graphQLQuery.contains("launch(") && !request.graphQLQuery.contains("bookTrips") && !request.graphQLQuery.contains("cancelTrip") {
                // The details read happened on the server before the mutation; its answer is slow.
                return .held(gate, .json(staleDetails))
            }
            return .respond(status: 200, body: FaultServerTutorial.answer(to: request, token: token))
        }

        // The query goes out first and is held...
        let (query, exit) = try await session.launch(["--endpoint", session.server.endpoint, "details", launch, "--force-reload", "--json"])
        defer { if query.isRunning { query.terminate() } }
        #expect(await session.server.waitForRequests(1, timeout: 30), "the query never reached the server")

        // ...the mutation runs to the end meanwhile...
        let changed = try await session.run([mutation, launch, "--json"])
        #expect(changed.status == 0, "\(mutation): \(changed.stderr)")

        // ...then the stale answer arrives.
        gate.open()
        await exit.wait()
        #expect(query.terminationStatus == 0)

        // The cache must hold the mutation's outcome (or nothing), never the older answer.
        session.server.behaviour = .closeWithoutAnswer
        let cached = try await session.run(["details", launch, "--json"])
        if cached.status == 0 {
            #expect(cached.stdout.contains(#""isBooked":\#(!staleBooked)"#), "cached details after \(mutation): \(cached.stdout)")
        } else {
            #expect(cached.status == 69, "a miss goes to the server: \(cached.stderr)")
        }
    }
}
