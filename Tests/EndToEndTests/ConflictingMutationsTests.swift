import Foundation
import Testing
import TestSupport

/// Conflicting `book` and `cancel` runs in parallel, by one user, over the same ten launches:
/// once they have all ended, a cached `details` (no `--force-reload`) must show the server's
/// `isBooked` for every launch — either from the cache or by going to the server, never a
/// state the server does not have.
@Suite("Conflicting mutations in parallel", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct ConflictingMutationsTests {
    static let launches = Array(1...10)

    @Test func cachedDetailsAgreeWithTheServerAfterParallelBookAndCancel() async throws {
        let session = try await ParallelCLITests.Session()
        let login = try await session.run(["login", "conflict@example.com", "--json"])
        try #require(login.status == 0, "login exited \(login.status): \(login.stderr)")
        // Warm the cache, so that every process starts with records it could merge back stale.
        for id in Self.launches {
            let warm = try await session.run(["details", String(id), "--json"])
            try #require(warm.status == 0, "details \(id): \(warm.stderr)")
        }

        var generator = SystemRandomNumberGenerator()
        for round in 1...3 {
            // Four commands per launch, two of each, in a random order: 40 processes at once.
            let commands = Self.launches.flatMap { id in
                [["book", String(id)], ["cancel", String(id)], ["book", String(id)], ["cancel", String(id)]]
            }.shuffled(using: &generator)
            for (command, outcome) in await zip(commands, session.runConcurrently(commands)) {
                let result = try outcome.get()
                // Booking a booked launch or cancelling a free one is refused (1); both are fine.
                #expect([0, 1].contains(result.status), "round \(round): `\(command.joined(separator: " "))` exited \(result.status): \(result.stderr)")
            }

            let trips = try await session.run(["trips", "--json"])
            try #require(trips.status == 0, "trips: \(trips.stderr)")
            let booked = try Self.bookedIDs(trips.stdout)
            for id in Self.launches {
                let details = try await session.run(["details", String(id), "--json"])
                try #require(details.status == 0, "details \(id): \(details.stderr)")
                #expect(ParallelCLITests.isBooked(details) == booked.contains(String(id)),
                        "round \(round): cached details \(id) say isBooked \(String(describing: ParallelCLITests.isBooked(details))), the server's trips \(booked.sorted())")
            }
        }
    }

    static func bookedIDs(_ json: String) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        return Set(trips.compactMap { $0["id"] as? String })
    }
}
