import Foundation
import Testing
import RocketReserverServerCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Tests over real HTTP: an in-process server on 127.0.0.1, port 0, driven with URLSession.
@Suite("live HTTP on loopback")
struct LiveHTTPTests {
    /// Starts a server, runs `body`, and stops the server even when `body` throws.
    private func withServer(
        _ configuration: ServerConfiguration = ServerConfiguration(port: 0),
        _ body: (RocketReserverServer, HTTPClient) async throws -> Void
    ) async throws {
        let server = try await RocketReserverServer.start(configuration)
        let client = HTTPClient(url: server.url)
        do {
            try await body(server, client)
        } catch {
            client.close()
            try? await server.stop()
            throw error
        }
        client.close()
        try await server.stop()
    }

    @Test func endToEndOverLoopback() async throws {
        try await withServer { server, client in
            #expect(server.port > 0)
            #expect(server.urlString == "http://127.0.0.1:\(server.port)/graphql")

            let login = try await client.post(#"{"query":"mutation { login(email: \"live@example.com\") { token } }"}"#)
            #expect(login.status == 200)
            #expect(login.contentType == "application/json; charset=utf-8")
            let token = try #require(JSONPath.string(login.json, "data", "login", "token"))

            let book = try await client.post(#"{"query":"mutation { bookTrips(launchIds: [\"9\"]) { success message } }"}"#, authorization: token)
            #expect(JSONPath.string(book.json, "data", "bookTrips", "message") == "trips booked successfully")

            let get = try await client.get(#"{ launch(id: "9") { isBooked } me { trips { id } } }"#, authorization: "Bearer \(token)")
            #expect(get.status == 200)
            #expect(JSONPath.bool(get.json, "data", "launch", "isBooked") == true)
            #expect(JSONPath.string(get.json, "data", "me", "trips", 0, "id") == "9")

            let mutationOverGET = try await client.get(#"mutation { login(email: "x@example.com") { id } }"#)
            #expect(mutationOverGET.status == 405)

            let syntax = try await client.post(#"{"query":"{ launches {"}"#)
            #expect(syntax.status == 400)
            #expect(JSONPath.string(syntax.json, "errors", 0, "extensions", "code") == "GRAPHQL_PARSE_FAILED")

            let validation = try await client.post(#"{"query":"{ launches { nope } }"}"#)
            #expect(validation.status == 400)
            #expect(JSONPath.string(validation.json, "errors", 0, "extensions", "code") == "GRAPHQL_VALIDATION_FAILED")

            let variables = try await client.post(#"{"query":"query($n: Int) { launches(pageSize: $n) { cursor } }","variables":{"n":"x"}}"#)
            #expect(variables.status == 400)
            #expect(JSONPath.string(variables.json, "errors", 0, "extensions", "code") == "BAD_USER_INPUT")

            let notJSON = try await client.post("this is not json")
            #expect(notJSON.status == 400)

            let unauthenticated = try await client.post(#"{"query":"mutation { cancelTrip(launchId: \"9\") { success } }"}"#)
            #expect(unauthenticated.status == 200)
            #expect(JSONPath.string(unauthenticated.json, "errors", 0, "extensions", "code") == "UNAUTHENTICATED")
        }
    }

    @Test func twentyParallelHTTPClients() async throws {
        try await withServer { server, client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let body = #"{"query":"mutation { login(email: \"p\#(index)@example.com\") { token } }"}"#
                        let login = try await client.post(body)
                        guard let token = JSONPath.string(login.json, "data", "login", "token") else {
                            throw TestFailure("client \(index): no token")
                        }
                        for id in ["1", "2", "3"] {
                            let book = #"{"query":"mutation { bookTrips(launchIds: [\"\#(id)\"]) { success } }"}"#
                            let answer = try await client.post(book, authorization: token)
                            guard JSONPath.bool(answer.json, "data", "bookTrips", "success") == true else {
                                throw TestFailure("client \(index): booking \(id) failed")
                            }
                        }
                        let cancel = #"{"query":"mutation { cancelTrip(launchId: \"2\") { success } }"}"#
                        let cancelled = try await client.post(cancel, authorization: token)
                        guard JSONPath.bool(cancelled.json, "data", "cancelTrip", "success") == true else {
                            throw TestFailure("client \(index): cancel failed")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let total = try await client.get("{ totalTripsBooked }")
            #expect(JSONPath.int(total.json, "data", "totalTripsBooked") == 40)
            #expect(server.service.data.store.snapshot.users.count == 20)
        }
    }

    @Test func stoppedServerRefusesConnections() async throws {
        let server = try await RocketReserverServer.start(ServerConfiguration(port: 0))
        let client = HTTPClient(url: server.url)
        defer { client.close() }
        let before = try await client.get("{ totalTripsBooked }")
        #expect(before.status == 200)
        try await server.stop()
        await #expect(throws: (any Error).self) { _ = try await client.get("{ totalTripsBooked }") }
    }

    @Test func customDataFileIsServed() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rr-data-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let dataset = LaunchDataset(launches: [
            Launch(id: "a", date: "2001-01-01T00:00:00Z", site: "Old", mission: nil, rocket: nil),
            Launch(id: "b", date: "2003-01-01T00:00:00Z", site: "New", mission: nil, rocket: nil),
            Launch(id: "c", date: "2002-01-01T00:00:00Z", site: "Mid", mission: nil, rocket: nil),
        ])
        try JSONEncoder().encode(dataset).write(to: file)
        try await withServer(ServerConfiguration(port: 0, dataFile: file)) { _, client in
            let page = try await client.get("{ launches { hasMore launches { id site mission { name } } } }")
            let ids = JSONPath.array(page.json, "data", "launches", "launches")?.compactMap { JSONPath.string($0, "id") }
            #expect(ids == ["b", "c", "a"])
            #expect(JSONPath.bool(page.json, "data", "launches", "hasMore") == false)
        }
    }

    @Test func nonLoopbackHostsAreRefusedBeforeBinding() async throws {
        // Look-alikes of loopback and a name that cannot resolve: anything but a loopback host is refused.
        for host in ["1127.0.0.1", "127.0.0.1.1", "127.0.0.256", "::1::", "rocket-reserver.invalid"] {
            await #expect(throws: ServerSetupError.nonLoopbackHost(host: host)) {
                _ = try await RocketReserverServer.start(ServerConfiguration(host: host, port: 0))
            }
        }
    }
}
