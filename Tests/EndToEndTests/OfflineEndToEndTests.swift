import Foundation
import Testing
import TestSupport

/// `--offline` and the fallback to the cache through the built binary: the cache is warmed
/// against the reference server, then the server is stopped, so any connection is refused.
@Suite("Offline answers against the reference server", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct OfflineEndToEndTests {
    private typealias Session = CLIEndToEndTests.Session
    static let note = "Showing cached data"

    /// Whether `line` is the fallback note, with the cached data's age (seconds or minutes old here).
    static func isNote(_ line: some StringProtocol) -> Bool {
        String(line).wholeMatch(of: /Showing cached data from (less than a second|1 second|\d+ seconds|1 minute|\d+ minutes) ago: the server could not be reached\./) != nil
    }

    /// Logs in, warms the cache with a page of five launches, launch 110's details and the
    /// trips (110 booked), keeps what they printed, and stops the server.
    private func warmedThenStopped() async throws -> (session: Session, page: String, details: String, trips: String) {
        let session = try await Session()
        #expect(try await session.run("login", "me@example.com").status == 0)
        #expect(try await session.run("book", "110").status == 0)
        let page = try await session.run("launches", "--page-size", "5")
        let details = try await session.run("details", "110")
        let trips = try await session.run("trips")
        #expect(page.status == 0 && details.status == 0 && trips.status == 0)
        await session.server.stopAndWait()
        return (session, page.stdout, details.stdout, trips.stdout)
    }

    private func run(_ session: Session, _ arguments: [String], extra: [String: String] = [:]) async throws -> ProcessResult {
        try await ProcessRunner.run(
            BuiltProducts.client, arguments,
            environment: ClientEnvironment.make(home: session.home, endpoint: session.server.endpoint, extra: extra),
            deadline: 60
        )
    }

    @Test func offlineAnswersWhatIsCachedAndNothingElse() async throws {
        let (session, page, details, trips) = try await warmedThenStopped()
        let launches = try await session.run("launches", "--page-size", "5", "--offline")
        #expect(launches.status == 0, "\(launches.stderr)")
        #expect(launches.stdout == page)
        #expect(!launches.stderr.contains(Self.note), "offline answers are asked of the cache, not a fallback")
        let launch = try await session.run("details", "110", "--offline")
        #expect(launch.status == 0, "\(launch.stderr)")
        #expect(launch.stdout == details)
        #expect(launch.stderr.isEmpty)
        let mine = try await session.run("trips", "--offline")
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(mine.stdout == trips)
        #expect(mine.stderr.isEmpty)
        let byVariable = try await session.run("trips", extra: ["ROCKET_RESERVER_OFFLINE": "1"])
        #expect(byVariable.status == 0)
        #expect(byVariable.stdout == trips)

        for arguments in [["details", "109"], ["launches", "--page-size", "6"], ["launches", "--page-size", "5", "--all"]] {
            let missing = try await run(session, arguments + ["--offline"])
            #expect(missing.status == 69, "\(arguments): \(missing.stderr)")
            #expect(missing.stderr.contains("not in the cache (offline)"), "\(arguments): \(missing.stderr)")
            #expect(!missing.stderr.contains("Could not reach"))
        }
    }

    @Test func commandsThatNeedTheServerAreUsageErrorsOffline() async throws {
        let session = try await Session()
        for arguments in [["book", "110"], ["cancel", "110"], ["login", "me@example.com"], ["details", "110", "--force-reload"]] {
            let refused = try await run(session, arguments + ["--offline"])
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            let byVariable = try await run(session, arguments, extra: ["ROCKET_RESERVER_OFFLINE": "1"])
            #expect(byVariable.status == 64, "\(arguments): \(byVariable.stderr)")
        }
        #expect(try await session.run("launches", extra: ["ROCKET_RESERVER_OFFLINE": "yes"]).status == 64)
        // Nothing was sent: the login was refused before the server was asked.
        #expect(try await session.run("whoami").status == 77)
    }

    @Test func anUnreachableServerFallsBackToTheCacheWithANote() async throws {
        let (session, page, details, trips) = try await warmedThenStopped()
        let launches = try await session.run("launches", "--page-size", "5")
        #expect(launches.status == 0, "\(launches.stderr)")
        #expect(launches.stdout == page)
        let noteLines = launches.stderr.split(separator: "\n").filter { Self.isNote($0) }
        #expect(noteLines.count == 1, "\(launches.stderr)")
        #expect(launches.stderr.split(separator: "\n").count == 2, "the note and the next page's hint: \(launches.stderr)")

        let mine = try await session.run("trips")
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(mine.stdout == trips)
        #expect(Self.isNote(mine.stderr.dropLast()) && mine.stderr.hasSuffix("\n"), "stderr: \(mine.stderr)")

        // Cache-first details never needed the server.
        let launch = try await session.run("details", "110")
        #expect(launch.status == 0)
        #expect(launch.stdout == details)

        let reload = try await session.run("details", "110", "--force-reload")
        #expect(reload.status == 69, "--force-reload never falls back")
        #expect(!reload.stderr.contains(Self.note))
        #expect(reload.stderr.contains("Could not reach the server"))

        let uncached = try await session.run("launches", "--page-size", "7")
        #expect(uncached.status == 69)
        #expect(uncached.stderr.contains("Could not reach the server"), "the server's failure, not the cache miss: \(uncached.stderr)")
    }

    @Test func allFallsBackPageByPageAndKeepsItsJSONOneDocument() async throws {
        let session = try await Session()
        let warm = try await session.run("launches", "--all", "--page-size", "40")
        #expect(warm.status == 0)
        await session.server.stopAndWait()
        let text = try await session.run("launches", "--all", "--page-size", "40")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == warm.stdout)
        #expect(Self.isNote(text.stderr.dropLast()) && text.stderr.hasSuffix("\n"), "stderr: \(text.stderr)")
        let json = try await session.run("launches", "--all", "--page-size", "40", "--json", "--offline")
        #expect(json.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((document?["launches"] as? [Any])?.count == 110)
    }
}
