import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// SIGINT, SIGTERM and SIGHUP at every stage of `book` and `cancel`: the cache never claims a
/// state the server may not have, the user is told the outcome is unknown exactly when it is,
/// the process ends by the signal, and the token is never printed.
@Suite("A signal during a mutation", .timeLimit(.minutes(5)))
struct SignalDuringMutationTests {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let mutations = ["book", "cancel"]

    /// What the user reads when `mutation` of launch `id` was interrupted with its outcome unknown.
    static func outcomeUnknown(_ mutation: String, _ id: String) -> String {
        let state = mutation == "book" ? "launch \(id) may or may not be booked now" : "your trip on launch \(id) may or may not be cancelled now"
        return "rocket-reserver: Interrupted before the server answered, so \(state). Run `rocket-reserver details \(id) --force-reload` to check.\n"
    }

    /// Whether the request carried a booking or a cancellation.
    static func isMutation(_ request: FaultServerRequest) -> Bool {
        request.graphQLQuery.contains("bookTrips") || request.graphQLQuery.contains("cancelTrip")
    }

    /// Launch 1 as the cache alone answers it (the server hangs up on every request).
    static func cachedDetails(_ session: FaultSession) async throws -> ProcessResult {
        session.server.behaviour = .closeWithoutAnswer
        return try await session.run(["details", FaultSession.cachedLaunch, "--json"])
    }

    /// The request went out and no answer came: the outcome is unknown. The cached `isBooked`
    /// is dropped (the next `details` asks the server), the user is told, the process ends by
    /// the signal.
    @Test(arguments: signals, mutations)
    func whileTheAnswerIsAwaitedTheCachedStateIsDroppedAndTheUserTold(_ signalNumber: Int32, _ mutation: String) async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        session.server.behaviour = .neverAnswer
        let client = try await SignalledClient(session, [mutation, FaultSession.cachedLaunch])
        #expect(await session.server.waitForRequests(1, timeout: 20), "the command never sent its request")

        let elapsed = await client.signal(signalNumber)

        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end")
        #expect(client.endedBy(signalNumber), "ended with \(client.process.terminationReason) \(client.process.terminationStatus)")
        #expect(client.stderr == Self.outcomeUnknown(mutation, FaultSession.cachedLaunch), "stderr: \(client.stderr)")
        FaultExpectations.expectPlainMessage(client.stderr)
        #expect(client.stdout.isEmpty, "stdout: \(client.stdout)")
        #expect(!client.stderr.contains(session.token) && !client.stdout.contains(session.token))
        FaultExpectations.expectState(of: session, before: before, allowing: [.cacheMayChange])
        #expect(session.server.requests.filter(Self.isMutation).count == 1, "sent more than once")

        // The cache no longer claims either state: a plain details goes to the server.
        let later = try await Self.cachedDetails(session)
        #expect(later.status == 69, "the cache still answered: \(later.stdout) \(later.stderr)")
        session.server.behaviour = FaultServerTutorial.behaviour(token: session.token)
        session.server.clearRequests()
        let healed = try await session.run(["details", FaultSession.cachedLaunch, "--json"])
        #expect(healed.status == 0 && session.server.requestCount == 1, "\(healed.stderr)")
    }

    /// Before the request is sent (reading the login, or waiting for the cache, which another
    /// `book` holds while its own answer is held at the server: it cannot send before that one
    /// ends) nothing has happened: the process ends by the signal saying nothing, its request
    /// never reaches the server, and the cache is as it was.
    @Test(arguments: signals, mutations)
    func beforeTheRequestIsSentNothingChangesAndNothingIsSaid(_ signalNumber: Int32, _ mutation: String) async throws {
        let session = try await FaultSession()
        let shown = try await session.run(["details", FaultSession.cachedLaunch, "--json"])
        let gate = FaultServerGate()
        defer { gate.open() }
        let token = session.token
        session.server.behaviour = .decide { request in
            let answer = FaultServerBehaviour.respond(status: 200, body: FaultServerTutorial.answer(to: request, token: token))
            return Self.isMutation(request) ? .held(gate, answer) : answer
        }
        session.server.clearRequests()
        // Another process books launch 2 and holds the cache's lock until its answer comes.
        let holder = try await SignalledClient(session, ["book", "2"])
        #expect(await session.server.waitForRequests(1, timeout: 20), "the first booking never reached the server")

        let client = try await SignalledClient(session, [mutation, FaultSession.cachedLaunch])
        // Its own handling of the signal is installed: from here until the holder ends, it is
        // before its request.
        try await client.waitUntilItCatches(signalNumber)
        #expect(client.catches(signalNumber), "the second command never installed its handlers")
        let elapsed = await client.signal(signalNumber)

        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end")
        #expect(client.endedBy(signalNumber), "ended with \(client.process.terminationReason) \(client.process.terminationStatus)")
        #expect(client.stderr.isEmpty, "said: \(client.stderr)")
        #expect(client.stdout.isEmpty, "stdout: \(client.stdout)")

        gate.open()
        await holder.exit.wait()
        #expect(holder.process.terminationStatus == 0, "\(holder.stderr)")
        // Only the holder's booking reached the server.
        #expect(session.server.requests.filter(Self.isMutation).count == 1)
        #expect(session.server.requests.allSatisfy { !$0.graphQLVariables.values.contains { "\($0)" == FaultSession.cachedLaunch } })
        // Launch 1 is still answered from the cache, unchanged.
        let later = try await Self.cachedDetails(session)
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout == shown.stdout)
    }

    /// While the connection is being made (here: a proxy that never answers the `CONNECT` of
    /// the https tunnel) nothing of the request has left: the process ends by the signal saying
    /// nothing, and the cache is byte-identical.
    @Test(arguments: signals, mutations)
    func whileConnectingNothingIsSentChangedOrSaid(_ signalNumber: Int32, _ mutation: String) async throws {
        let session = try await FaultSession(https: true)
        let proxy = try SilentListener()
        let before = session.home.snapshot()
        let client = try await SignalledClient(
            session, [mutation, FaultSession.cachedLaunch], environment: ["https_proxy": "http://127.0.0.1:\(proxy.port)"]
        )
        #expect(await proxy.waitForConnection(), "the command never connected to the proxy")

        let elapsed = await client.signal(signalNumber)

        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end")
        #expect(client.endedBy(signalNumber), "ended with \(client.process.terminationReason) \(client.process.terminationStatus)")
        #expect(client.stderr.isEmpty, "said: \(client.stderr)")
        #expect(client.stdout.isEmpty, "stdout: \(client.stdout)")
        #expect(session.home.snapshot() == before, "the state changed")
        #expect(session.server.requestCount == 0 && session.front?.handshakes == 0)
    }

    /// The same stage ended by the timeout instead of a signal: the request provably never
    /// left, so the outcome is known and the cached state stays (before, it was dropped).
    @Test(arguments: mutations)
    func aTimeoutBeforeTheRequestLeftKeepsTheCachedState(_ mutation: String) async throws {
        let session = try await FaultSession(https: true)
        let proxy = try SilentListener()
        let before = session.home.snapshot()

        let result = try await session.run(
            [mutation, FaultSession.cachedLaunch, "--timeout", "1"], environment: ["https_proxy": "http://127.0.0.1:\(proxy.port)"]
        )

        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(session.server.requestCount == 0)
    }

    /// A signal racing the answer: the server has made the change when the gate opens, and the
    /// signal lands while the answer travels, while it is written to the cache, or after. In
    /// every interleaving the cache holds the server's state or nothing, and the unknown
    /// outcome is said exactly when the state was dropped.
    @Test(arguments: signals, mutations)
    func racingTheAnswerTheCacheNeverContradictsTheServer(_ signalNumber: Int32, _ mutation: String) async throws {
        let session = try await FaultSession()
        let token = session.token
        let committed = mutation == "book"   // isBooked on the server once it has answered
        var outcomes: Set<String> = []
        for _ in 0..<4 {
            let gate = FaultServerGate()
            defer { gate.open() }
            session.server.behaviour = .decide { request in
                let answer = FaultServerBehaviour.respond(status: 200, body: FaultServerTutorial.answer(to: request, token: token))
                return Self.isMutation(request) ? .held(gate, answer) : answer
            }
            session.server.clearRequests()
            let client = try await SignalledClient(session, [mutation, FaultSession.cachedLaunch])
            #expect(await session.server.waitForRequests(1, timeout: 20), "the command never sent its request")

            gate.open()
            let elapsed = await client.signal(signalNumber)

            #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end")
            let exitedNormally = client.process.terminationReason == .exit && client.process.terminationStatus == 0
            #expect(client.endedBy(signalNumber) || exitedNormally, "ended with \(client.process.terminationReason) \(client.process.terminationStatus)")
            #expect(!client.stderr.contains(token) && !client.stdout.contains(token))
            let saidUnknown = client.stderr == Self.outcomeUnknown(mutation, FaultSession.cachedLaunch)
            #expect(saidUnknown || client.stderr.isEmpty, "stderr: \(client.stderr)")

            let cached = try await Self.cachedDetails(session)
            if saidUnknown {
                outcomes.insert("unknown")
                #expect(cached.status == 69, "said unknown, but the cache answered: \(cached.stdout)")
                #expect(client.stdout.isEmpty)
            } else {
                outcomes.insert(client.endedBy(signalNumber) ? "known, then signalled" : "finished")
                #expect(cached.status == 0, "\(cached.stderr)")
                #expect(cached.stdout.contains(#""isBooked":\#(committed)"#), "the cache contradicts the server: \(cached.stdout)")
                #expect(!client.stdout.isEmpty, "the outcome was known but not shown")
            }
            // Back to a known state for the next round.
            session.server.behaviour = FaultServerTutorial.behaviour(token: token)
            #expect(try await session.run(["details", FaultSession.cachedLaunch, "--force-reload"]).status == 0)
        }
        #expect(!outcomes.isEmpty)
    }

    /// A signal while `login` waits for its answer: nothing is stored, the previous login and
    /// every cache stay as they were, nothing is said.
    @Test(arguments: signals)
    func anInterruptedLoginKeepsThePreviousOne(_ signalNumber: Int32) async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        session.server.behaviour = .neverAnswer
        let client = try await SignalledClient(session, ["login", "other@example.com"])
        #expect(await session.server.waitForRequests(1, timeout: 20), "the login never reached the server")

        let elapsed = await client.signal(signalNumber)

        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end")
        #expect(client.endedBy(signalNumber), "ended with \(client.process.terminationReason) \(client.process.terminationStatus)")
        #expect(client.stderr.isEmpty && client.stdout.isEmpty, "\(client.stderr)")
        #expect(session.home.snapshot() == before, "the state changed")
        let whoami = try await session.run(["whoami"])
        #expect(whoami.stdout.contains("me@example.com"), "\(whoami.stdout) \(whoami.stderr)")
    }

    /// A query is not shielded: Ctrl-C still ends it at once, silently, with nothing changed.
    @Test(arguments: signals)
    func aQueryStillEndsAtOnceAndSilently(_ signalNumber: Int32) async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        session.server.behaviour = .neverAnswer
        let client = try await SignalledClient(session, ["details", FaultSession.cachedLaunch, "--force-reload"])
        #expect(await session.server.waitForRequests(1, timeout: 20), "the command never sent its request")

        let elapsed = await client.signal(signalNumber)

        #expect(elapsed < InterruptTests.prompt, "took \(elapsed) to end")
        #expect(client.endedBy(signalNumber))
        #expect(client.stderr.isEmpty && client.stdout.isEmpty, "\(client.stderr)")
        #expect(session.home.snapshot() == before)
    }
}
