import Foundation
import Testing
import TestSupport

/// An answer about one launch never rewrites another's cached record: an object claiming an
/// identity its place in the answer and the schema do not give it makes the answer "not
/// understood" (76) and nothing of it is cached; an odd id is filed under a key of its own.
@Suite("Forged identities never reach another record", .timeLimit(.minutes(5)))
struct CrossRecordPoisoningTests {
    /// `LaunchDetails` for launch 7 with `mission` and `rocket` as given.
    static func details7(
        mission: String = #"{"__typename":"Mission","name":"Seven","missionPatch":"https://p.invalid/7.png"}"#,
        rocket: String = #"{"__typename":"Rocket","id":"r","name":"R","type":"T"}"#
    ) -> String {
        #"{"data":{"launch":{"__typename":"Launch","id":"7","site":"S","mission":\#(mission),"rocket":\#(rocket),"isBooked":false}}}"#
    }

    static let forged: [(String, String)] = [
        ("the issue's example: mission is Launch 5.mission",
         details7(mission: #"{"__typename":"Launch","id":"5.mission","name":"Forged","missionPatch":"https://evil.invalid/p.png"}"#)),
        ("mission is Launch 5", details7(mission: #"{"__typename":"Launch","id":"5","name":"Forged","missionPatch":"https://evil.invalid/p.png"}"#)),
        ("rocket is Launch 5", details7(rocket: #"{"__typename":"Launch","id":"5","name":"Forged","type":"T"}"#)),
        ("rocket is the cached rocket under another type", details7(rocket: #"{"__typename":"Mission","id":"r","name":"Forged","type":"T"}"#)),
        ("a type name that is launch 5's mission path", details7(rocket: #"{"__typename":"Launch:5.mission","id":"x","name":"Forged","type":"T"}"#)),
        ("a type name that spells the query root",
         details7(rocket: #"{"__typename":"QUERY_ROOT.launch({\"id\"","id":"\"5\"})","name":"Forged","type":"T"}"#)),
        ("the query root's type", details7(rocket: #"{"__typename":"QUERY_ROOT","id":"x","name":"Forged","type":"T"}"#)),
    ]

    /// A session whose cache holds launch 5 (and launch 1), with what `details 5 --json` shows.
    private static func sessionWithLaunch5() async throws -> (FaultSession, String) {
        let session = try await FaultSession()
        let warm = try await session.run(["details", "5", "--json"])
        try #require(warm.status == 0, "\(warm.stderr)")
        session.server.clearRequests()
        return (session, warm.stdout)
    }

    /// Launch 5 from the cache alone (the server hangs up on every request), as `--json`.
    private static func cachedLaunch5(_ session: FaultSession) async throws -> ProcessResult {
        session.server.behaviour = .closeWithoutAnswer
        return try await session.run(["details", "5", "--json"])
    }

    @Test(arguments: 0..<forged.count)
    func aForgedAnswerToDetails7LeavesLaunch5ByteIdentical(_ index: Int) async throws {
        let (name, body) = Self.forged[index]
        let (session, shown) = try await Self.sessionWithLaunch5()
        session.server.behaviour = .json(body)
        let before = session.home.snapshot()

        let result = try await session.run(["details", "7"])

        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        #expect(result.stderr.contains("not understood"), "\(name): \(result.stderr)")
        #expect(!result.stderr.contains("evil") && !result.stderr.contains("Forged"), "\(name): \(result.stderr)")
        let later = try await Self.cachedLaunch5(session)
        #expect(later.status == 0, "\(name): \(later.stderr)")
        #expect(later.stdout == shown, "\(name): launch 5 now shows \(later.stdout)")
    }

    @Test func aForgedMutationAnswerLeavesLaunch5Alone() async throws {
        let (session, shown) = try await Self.sessionWithLaunch5()
        let launch = #"{"__typename":"Launch","id":"7","site":"S","mission":{"__typename":"Launch","id":"5.mission","name":"Forged","missionPatch":null},"#
            + #""rocket":null,"isBooked":true}"#
        session.server.behaviour = .json(#"{"data":{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"message":"ok","launches":[\#(launch)]}}}"#)
        let before = session.home.snapshot()

        let result = try await session.run(["book", "7"])

        // The outcome of the booking is unknown, so launch 7's cached state may be dropped.
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before, allowing: [.cacheMayChange])
        #expect(session.bookingRequests.count == 1)
        let later = try await Self.cachedLaunch5(session)
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout == shown, "launch 5 now shows \(later.stdout)")
    }

    /// A booking of launch 7 answered with launch 5 (booked, another site) is about a launch it
    /// was not asked for: not understood, and launch 5's cached record is untouched.
    @Test(arguments: ["book", "cancel"])
    func aMutationAnsweringAnotherLaunchLeavesItAlone(_ mutation: String) async throws {
        let (session, shown) = try await Self.sessionWithLaunch5()
        let field = mutation == "book" ? "bookTrips" : "cancelTrip"
        let other = FaultServerTutorial.launchObject(id: "5", isBooked: true).replacingOccurrences(of: #""site":"X""#, with: #""site":"Forged""#)
        for launches in ["[\(other)]", "[\(FaultServerTutorial.launchObject(id: "7", isBooked: true)),\(other)]"] {
            session.server.behaviour = .json(#"{"data":{"\#(field)":{"__typename":"TripUpdateResponse","success":true,"message":"ok","launches":\#(launches)}}}"#)
            let before = session.home.snapshot()

            let result = try await session.run([mutation, "7"])

            FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before, allowing: [.cacheMayChange])
            let later = try await Self.cachedLaunch5(session)
            #expect(later.stdout == shown, "launch 5 now shows \(later.stdout)")
        }
    }

    @Test func aForgedListElementLeavesLaunch5Alone() async throws {
        let (session, shown) = try await Self.sessionWithLaunch5()
        let page = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"1","hasMore":false,"launches":["#
            + #"{"__typename":"Launch","id":"6","site":"S","mission":{"__typename":"Launch","id":"5","name":"Forged","missionPatch":null}}]}}}"#
        session.server.behaviour = .json(page)
        let before = session.home.snapshot()

        let result = try await session.run(["launches"])

        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        let later = try await Self.cachedLaunch5(session)
        #expect(later.stdout == shown, "launch 5 now shows \(later.stdout)")
    }

    @Test func aRepeatedLaunchWithOtherValuesIsNotCached() async throws {
        let (session, shown) = try await Self.sessionWithLaunch5()
        let element = { (site: String) in
            #"{"__typename":"Launch","id":"5","site":"\#(site)","mission":{"__typename":"Mission","name":"M","missionPatch":null}}"#
        }
        session.server.behaviour = .json(
            #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"1","hasMore":false,"launches":[\#(element("X")),\#(element("Forged"))]}}}"#
        )
        let before = session.home.snapshot()

        let result = try await session.run(["launches"])

        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before)
        let later = try await Self.cachedLaunch5(session)
        #expect(later.stdout == shown, "launch 5 now shows \(later.stdout)")
    }

    /// A rocket whose id spells launch 5's keys is a rocket of its own: the answer is
    /// accepted, and launch 5 reads back unchanged.
    @Test(arguments: ["5.mission", "5", "QUERY_ROOT", "Launch:5", "%2E", ""])
    func anOddIdIsFiledUnderAKeyOfItsOwn(_ id: String) async throws {
        let (session, shown) = try await Self.sessionWithLaunch5()
        session.server.behaviour = .json(Self.details7(rocket: #"{"__typename":"Rocket","id":"\#(id)","name":"Odd","type":"T"}"#))

        let result = try await session.run(["details", "7", "--json"])

        if id.isEmpty {
            // A rocket without an id is refused by the gateway, before the cache.
            #expect(result.status == 76, "\(result.stderr)")
        } else {
            #expect(result.status == 0, "\(id): \(result.stderr)")
            #expect(result.stdout.contains(#""name":"Odd""#), "\(id): \(result.stdout)")
        }
        let later = try await Self.cachedLaunch5(session)
        #expect(later.status == 0, "\(id): \(later.stderr)")
        #expect(later.stdout == shown, "\(id): launch 5 now shows \(later.stdout)")
        if !id.isEmpty {
            let seven = try await session.run(["details", "7", "--json"])
            #expect(seven.status == 0 && seven.stdout.contains(#""name":"Odd""#), "\(id): \(seven.stdout) \(seven.stderr)")
        }
    }
}
