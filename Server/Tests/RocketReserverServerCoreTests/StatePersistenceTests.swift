import Foundation
import Testing
@testable import RocketReserverServerCore

@Suite("--state persistence")
struct StatePersistenceTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rr-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func usersAndTripsSurviveARestart() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stateFile = directory.appendingPathComponent("state.json")

        let first = try TestServer(stateFile: stateFile)
        let ann = try await first.login("ann@example.com")
        _ = try await first.login("bob@example.com")
        _ = try await first.post(BookingTests.book, variables: ["ids": ["4", "40", "44"]], authorization: ann)
        _ = try await first.post(BookingTests.cancel, variables: ["id": "40"], authorization: ann)
        #expect(FileManager.default.fileExists(atPath: stateFile.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "state.json" }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")

        let restarted = try TestServer(stateFile: stateFile)
        let me = try await restarted.post("{ me { id trips { id } } totalTripsBooked }", authorization: ann)
        #expect(JSONPath.string(me.json, "data", "me", "id") == "1")
        #expect(JSONPath.array(me.json, "data", "me", "trips")?.compactMap { JSONPath.string($0, "id") } == ["4", "44"])
        #expect(JSONPath.int(me.json, "data", "totalTripsBooked") == 2)
        let carl = try await restarted.post(#"mutation { login(email: "carl@example.com") { id } }"#)
        #expect(JSONPath.string(carl.json, "data", "login", "id") == "3")
    }

    @Test func concurrentBookingsAreAllOnDiskWhenTheyReturn() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stateFile = directory.appendingPathComponent("state.json")
        let store = try BookingStore(stateFile: stateFile)
        let user = try store.user(email: "racer@example.com")

        // Group commit: callers that arrive during a write share the next one, but none returns
        // before its own booking is in the file.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...24 {
                group.addTask {
                    try store.book(launchIDs: [String(id)], userID: user.id)
                    let onDisk = try #require(try StateFileWriter.load(url: stateFile))
                    #expect(onDisk.users.first?.trips.contains(String(id)) == true, "booking \(id) returned before it was written")
                }
            }
            try await group.waitForAll()
        }
        let final = try #require(try StateFileWriter.load(url: stateFile))
        #expect(Set(final.users.first?.trips ?? []) == Set((1...24).map(String.init)))
    }

    @Test func corruptStateFileIsASetupError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stateFile = directory.appendingPathComponent("state.json")
        try Data("{ not json".utf8).write(to: stateFile)
        #expect(throws: ServerSetupError.self) { try BookingStore(stateFile: stateFile) }
    }

    @Test func atomicFileReplacesContent() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f.json")
        try AtomicFile.write(Data("one".utf8), to: file)
        try AtomicFile.write(Data("two".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["f.json"])
        #expect(throws: (any Error).self) {
            try AtomicFile.write(Data("x".utf8), to: directory.appendingPathComponent("missing/dir/f.json"))
        }
    }
}
