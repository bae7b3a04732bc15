import Foundation
import Testing
import RocketReserverServerCore

@Suite("bookTrips, cancelTrip, isBooked, me.trips, totalTripsBooked")
struct BookingTests {
    static let book = #"mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success message launches { id isBooked } } }"#
    static let cancel = #"mutation($id: ID!) { cancelTrip(launchId: $id) { success message launches { id isBooked } } }"#

    @Test func bookingWithoutUserIsUnauthenticated() async throws {
        let server = try TestServer()
        for header in [nil, "garbage"] {
            let response = try await server.post(Self.book, variables: ["ids": ["1"]], authorization: header)
            #expect(response.status == 200)
            #expect(JSONPath.isNull(response.json, "data"))
            #expect(JSONPath.string(response.json, "errors", 0, "message") == "You must be logged in to book trips.")
            #expect(JSONPath.string(response.json, "errors", 0, "extensions", "code") == "UNAUTHENTICATED")
            #expect(JSONPath.string(response.json, "errors", 0, "path", 0) == "bookTrips")
        }
        let cancel = try await server.post(Self.cancel, variables: ["id": "1"])
        #expect(cancel.status == 200)
        #expect(JSONPath.isNull(cancel.json, "data"))
        #expect(JSONPath.string(cancel.json, "errors", 0, "extensions", "code") == "UNAUTHENTICATED")
        let total = try await server.post("{ totalTripsBooked }")
        #expect(JSONPath.int(total.json, "data", "totalTripsBooked") == 0)
    }

    @Test func bookingKnownLaunchesSucceeds() async throws {
        let server = try TestServer()
        let token = try await server.login("ann@example.com")
        let response = try await server.post(Self.book, variables: ["ids": ["3", "60"]], authorization: token)
        let result = JSONPath.value(response.json, "data", "bookTrips")
        #expect(JSONPath.bool(result, "success") == true)
        #expect(JSONPath.string(result, "message") == "trips booked successfully")
        #expect(JSONPath.array(result, "launches")?.compactMap { JSONPath.string($0, "id") } == ["3", "60"])
        #expect(JSONPath.array(result, "launches")?.allSatisfy { JSONPath.bool($0, "isBooked") == true } == true)

        let again = try await server.post(Self.book, variables: ["ids": ["3"]], authorization: token)
        #expect(JSONPath.bool(again.json, "data", "bookTrips", "success") == true)
        let total = try await server.post("{ totalTripsBooked }")
        #expect(JSONPath.int(total.json, "data", "totalTripsBooked") == 2)
    }

    @Test func bookingUnknownLaunchesFailsButBooksTheKnownOnes() async throws {
        let server = try TestServer()
        let token = try await server.login("bob@example.com")
        let response = try await server.post(Self.book, variables: ["ids": ["5", "999", "abc"]], authorization: token)
        let result = JSONPath.value(response.json, "data", "bookTrips")
        #expect(JSONPath.bool(result, "success") == false)
        #expect(JSONPath.string(result, "message") == "the following launches couldn't be booked: 999,abc")
        #expect(JSONPath.array(result, "launches")?.compactMap { JSONPath.string($0, "id") } == ["5"])
        let me = try await server.post("{ me { trips { id } } }", authorization: token)
        #expect(JSONPath.array(me.json, "data", "me", "trips")?.compactMap { JSONPath.string($0, "id") } == ["5"])
    }

    @Test func cancelBookedTripThenCancelAgainFails() async throws {
        let server = try TestServer()
        let token = try await server.login("cy@example.com")
        _ = try await server.post(Self.book, variables: ["ids": ["8", "9"]], authorization: token)
        let cancelled = try await server.post(Self.cancel, variables: ["id": "8"], authorization: token)
        let result = JSONPath.value(cancelled.json, "data", "cancelTrip")
        #expect(JSONPath.bool(result, "success") == true)
        #expect(JSONPath.string(result, "message") == "trip cancelled")
        #expect(JSONPath.string(result, "launches", 0, "id") == "8")
        #expect(JSONPath.bool(result, "launches", 0, "isBooked") == false)

        for id in ["8", "10", "999"] {
            let failed = try await server.post(Self.cancel, variables: ["id": id], authorization: token)
            #expect(JSONPath.bool(failed.json, "data", "cancelTrip", "success") == false, "launch \(id)")
            #expect(JSONPath.string(failed.json, "data", "cancelTrip", "message") == "failed to cancel trip")
        }
        let me = try await server.post("{ me { trips { id } } totalTripsBooked }", authorization: token)
        #expect(JSONPath.array(me.json, "data", "me", "trips")?.compactMap { JSONPath.string($0, "id") } == ["9"])
        #expect(JSONPath.int(me.json, "data", "totalTripsBooked") == 1)
    }

    @Test func isBookedIsPerUserAndFalseWhenAnonymous() async throws {
        let server = try TestServer()
        let ann = try await server.login("ann@example.com")
        let bob = try await server.login("bob@example.com")
        _ = try await server.post(Self.book, variables: ["ids": ["12"]], authorization: ann)
        let query = #"{ launch(id: "12") { isBooked } }"#
        let forAnn = try await server.post(query, authorization: ann)
        let forBob = try await server.post(query, authorization: bob)
        let anonymous = try await server.post(query)
        #expect(JSONPath.bool(forAnn.json, "data", "launch", "isBooked") == true)
        #expect(JSONPath.bool(forBob.json, "data", "launch", "isBooked") == false)
        #expect(JSONPath.bool(anonymous.json, "data", "launch", "isBooked") == false)
        let list = try await server.post("{ launches(pageSize: 110) { launches { id isBooked } } }", authorization: ann)
        let booked = JSONPath.array(list.json, "data", "launches", "launches")?
            .filter { JSONPath.bool($0, "isBooked") == true }
            .compactMap { JSONPath.string($0, "id") }
        #expect(booked == ["12"])
    }

    @Test func meTripsAreInBookingOrder() async throws {
        let server = try TestServer()
        let token = try await server.login("dee@example.com")
        _ = try await server.post(Self.book, variables: ["ids": ["30"]], authorization: token)
        _ = try await server.post(Self.book, variables: ["ids": ["2", "77"]], authorization: token)
        let me = try await server.post("{ me { email trips { id isBooked } } }", authorization: token)
        #expect(JSONPath.string(me.json, "data", "me", "email") == "dee@example.com")
        let trips = try #require(JSONPath.array(me.json, "data", "me", "trips"))
        #expect(trips.compactMap { JSONPath.string($0, "id") } == ["30", "2", "77"])
        #expect(trips.allSatisfy { JSONPath.bool($0, "isBooked") == true })
    }

    @Test func twentyParallelClientsBookAndCancelConsistently() async throws {
        let server = try TestServer()
        let clients = 20
        let shared = try await server.login("shared@example.com")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                group.addTask {
                    let token = try await server.login("client\(client)@example.com")
                    let ids = (1...6).map { String(client * 5 + $0) }
                    let booked = try await server.post(Self.book, variables: ["ids": ids], authorization: token)
                    guard JSONPath.bool(booked.json, "data", "bookTrips", "success") == true else {
                        throw TestFailure("client \(client) could not book")
                    }
                    _ = try await server.post(Self.book, variables: ["ids": ids], authorization: shared)
                    let cancelled = try await server.post(Self.cancel, variables: ["id": ids[0]], authorization: token)
                    guard JSONPath.bool(cancelled.json, "data", "cancelTrip", "success") == true else {
                        throw TestFailure("client \(client) could not cancel")
                    }
                }
            }
            try await group.waitForAll()
        }
        // Each client keeps 5 trips; the shared user booked the union of all ids (1...101).
        let total = try await server.post("{ totalTripsBooked }")
        #expect(JSONPath.int(total.json, "data", "totalTripsBooked") == clients * 5 + 101)
        let sharedTrips = try await server.post("{ me { trips { id } } }", authorization: shared)
        let ids = JSONPath.array(sharedTrips.json, "data", "me", "trips")?.compactMap { JSONPath.string($0, "id") } ?? []
        #expect(Set(ids) == Set((1...101).map(String.init)))
        #expect(ids.count == 101)
        let users = server.service.data.store.snapshot.users
        #expect(users.count == clients + 1)
        #expect(Set(users.map(\.id)) == Set(1...(clients + 1)))
    }
}
