import Foundation
import Testing
import TestSupport

/// Drives the built `rocket-reserver` binary through the tutorial's flow against the built
/// reference server on a free loopback port.
@Suite("CLI against the reference server", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct CLIEndToEndTests {
    /// A client home and a running server, torn down together.
    final class Session {
        let home: TemporaryDirectory
        let serverFolder: TemporaryDirectory
        let server: ReferenceServer

        init() async throws {
            home = try TemporaryDirectory(prefix: "e2e-client")
            serverFolder = try TemporaryDirectory(prefix: "e2e-server")
            server = try await ReferenceServer(stateFile: serverFolder.url.appendingPathComponent("state.json"))
        }

        deinit {
            server.stop()
            home.remove()
            serverFolder.remove()
        }

        func run(_ arguments: String..., extra: [String: String] = [:]) async throws -> ProcessResult {
            try await ProcessRunner.run(
                BuiltProducts.client, arguments,
                environment: ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: extra),
                deadline: 60
            )
        }

        func json(_ arguments: String...) async throws -> [String: Any] {
            let result = try await ProcessRunner.run(
                BuiltProducts.client, arguments + ["--json"],
                environment: ClientEnvironment.make(home: home, endpoint: server.endpoint),
                deadline: 60
            )
            #expect(result.status == 0, "\(arguments) exited \(result.status): \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            return try #require(object as? [String: Any], "\(arguments) printed \(result.stdout)")
        }
    }

    @Test func launchesPageByPageAndAll() async throws {
        let session = try await Session()
        let first = try await session.json("launches")
        let firstLaunches = try #require(first["launches"] as? [[String: Any]])
        #expect(firstLaunches.count == 20)
        #expect(first["hasMore"] as? Bool == true)
        let cursor = try #require(first["cursor"] as? String)
        let mission = try #require(firstLaunches.first?["mission"] as? [String: Any])
        #expect(mission["name"] is String)
        #expect(mission["missionPatch"] is String)
        #expect(firstLaunches.first?["site"] is String)

        let second = try await session.json("launches", "--after", cursor)
        let secondIDs = try #require(second["launches"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        let firstIDs = firstLaunches.compactMap { $0["id"] as? String }
        #expect(secondIDs.count == 20)
        #expect(Set(firstIDs).isDisjoint(with: secondIDs))

        let all = try await session.json("launches", "--all")
        let allIDs = try #require(all["launches"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(allIDs.count == 110)
        #expect(Set(allIDs) == Set((1...110).map(String.init)))
        #expect(all["hasMore"] as? Bool == false)
        #expect(Array(allIDs.prefix(40)) == firstIDs + secondIDs)

        // Piped, the page is all stdout holds; the next page's command, with the size, is on stderr.
        let text = try await session.run("launches", "--page-size", "3")
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").count == 4)
        #expect(!text.stdout.contains("--after"))
        #expect(text.stderr.hasPrefix("More launches: rocket-reserver launches --page-size 3 --after "))
        #expect(text.stderr.split(separator: "\n").count == 1)
    }

    @Test func theTutorialFlow() async throws {
        let session = try await Session()
        let id = "42"

        let anonymous = try await session.json("details", id)
        #expect(anonymous["id"] as? String == id)
        #expect(anonymous["isBooked"] as? Bool == false)
        let rocket = try #require(anonymous["rocket"] as? [String: Any])
        #expect(rocket["name"] is String && rocket["type"] is String)

        let refused = try await session.run("book", id)
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("not logged in"))

        let login = try await session.json("login", "e2e@example.com")
        #expect(login["email"] as? String == "e2e@example.com")
        // The reference server's token is base64 of the email: it may only be in the credential file.
        let token = Data("e2e@example.com".utf8).base64EncodedString()
        func filesHoldingToken() async -> [String] {
            session.home.snapshot().filter { path, bytes in
                path.contains(token) || String(decoding: bytes, as: UTF8.self).contains(token)
            }.map(\.key)
        }
        await #expect(filesHoldingToken().count == 1)
        await #expect(filesHoldingToken().allSatisfy { $0.hasPrefix("/credentials/") })

        #expect(try await session.json("details", id)["isBooked"] as? Bool == false)

        let booked = try await session.json("book", id)
        #expect(booked["success"] as? Bool == true)
        #expect(booked["message"] as? String == "trips booked successfully")

        // Served from the cache: with the server frozen, any request would time out.
        session.server.pause()
        let cached = try await session.run("details", id, "--json", extra: ["ROCKET_RESERVER_TIMEOUT": "3"])
        session.server.resume()
        #expect(cached.status == 0, "details from the cache failed: \(cached.stderr)")
        let cachedJSON = try JSONSerialization.jsonObject(with: Data(cached.stdout.utf8)) as? [String: Any]
        #expect(cachedJSON?["isBooked"] as? Bool == true)

        // And a forced reload really goes to the server: frozen, it times out.
        session.server.pause()
        let frozen = try await session.run("details", id, "--force-reload", extra: ["ROCKET_RESERVER_TIMEOUT": "1"])
        session.server.resume()
        #expect(frozen.status == 69)

        #expect(try await session.json("details", id, "--force-reload")["isBooked"] as? Bool == true)

        await #expect(filesHoldingToken().count == 1, "the token leaked into another file")

        let trips = try await session.json("trips")
        #expect(trips["email"] as? String == "e2e@example.com")
        #expect((trips["trips"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])

        let cancelled = try await session.json("cancel", id)
        #expect(cancelled["success"] as? Bool == true)
        #expect(cancelled["message"] as? String == "trip cancelled")
        #expect(try await session.json("details", id)["isBooked"] as? Bool == false)
        #expect(try await session.json("details", id, "--force-reload")["isBooked"] as? Bool == false)

        let again = try await session.run("cancel", id)
        #expect(again.status == 1)

        let logout = try await session.json("logout")
        #expect(logout["loggedOut"] as? Bool == true)
        #expect(try await session.run("trips").status == 77)
    }

    @Test func anotherUserNeverSeesYourBooking() async throws {
        let session = try await Session()
        _ = try await session.json("login", "alice@example.com")
        _ = try await session.json("details", "7")
        #expect(try await session.json("book", "7")["success"] as? Bool == true)
        #expect(try await session.json("details", "7")["isBooked"] as? Bool == true)
        _ = try await session.json("logout")
        #expect(try await session.json("details", "7")["isBooked"] as? Bool == false)
        _ = try await session.json("login", "bob@example.com")
        #expect(try await session.json("details", "7")["isBooked"] as? Bool == false)
    }

    @Test func unknownLaunchIsNotFound() async throws {
        let session = try await Session()
        let result = try await session.run("details", "9999")
        #expect(result.status == 1)
        #expect(result.stderr.contains("There is no launch with id 9999."))
    }
}
