import GraphQLClient
import GraphQLOperationSupport
import JSON
import RocketReserverAPI
import Testing

/// The generated models decode real answers of the reference server.
@Suite(.timeLimit(.minutes(5)))
struct DecodingTests {
    @Test func launchList() throws {
        let data = try LaunchListQuery.decode(data: Fixture.data("LaunchList"))
        #expect(data.launches.hasMore)
        #expect(data.launches.cursor == "djF8MjAxNy0wOC0yM1QxNzo0NTowMFp8MTA4")
        #expect(data.launches.launches.compactMap { $0?.id } == ["110", "109", "108"])
        let first = try #require(data.launches.launches.first ?? nil)
        #expect(first.mission?.name == "Vesper Voyager")
        #expect(first.fragments.launchTile.site == "Cape Meridian LC-12")
        #expect(first.fragments.launchTile.mission?.missionPatch == "https://images.rocketreserver.invalid/patches/110-small.png")
    }

    @Test func launchDetails() throws {
        let launch = try #require(try LaunchDetailsQuery.decode(data: Fixture.data("LaunchDetails")).launch)
        let expected = LaunchDetailsFields(
            id: "25", site: "Vandal Ridge SLC-4",
            mission: .init(name: "Ivory Relay", missionPatch: "https://images.rocketreserver.invalid/patches/25-large.png"),
            rocket: .init(id: "falcon9", name: "Falcon 9", type: "v1.1"), isBooked: false
        )
        #expect(launch.fragments.launchDetailsFields == expected)
        #expect(launch.rocket?.name == "Falcon 9")
        #expect(try LaunchDetailsQuery.decode(data: Fixture.data("LaunchDetailsMissing")).launch == nil)
    }

    @Test func loginBookMyTripsAndCancel() throws {
        #expect(try LoginMutation.decode(data: Fixture.data("Login")).login?.token?.isEmpty == false)
        let booked = try BookTripMutation.decode(data: Fixture.data("BookTrip")).bookTrips
        #expect(booked.success)
        let bookedLaunch = try #require(booked.fragments.tripUpdateDetails.launches?.first ?? nil)
        #expect(bookedLaunch.fragments.launchDetailsFields.id == "25")
        #expect(bookedLaunch.fragments.launchDetailsFields.isBooked)
        #expect(bookedLaunch.fragments.launchDetailsFields.rocket?.name == "Falcon 9")
        let me = try #require(try MyTripsQuery.decode(data: Fixture.data("MyTrips")).me)
        #expect(me.email == "me@example.com")
        #expect(me.trips.compactMap { $0?.fragments.launchTile.id } == ["25"])
        let cancelled = try CancelTripMutation.decode(data: Fixture.data("CancelTrip")).cancelTrip
        #expect(cancelled.message == "trip cancelled")
        #expect(cancelled.launches?.first??.isBooked == false)
        let refused = try CancelTripMutation.decode(data: Fixture.data("CancelTripAgain")).cancelTrip
        #expect(!refused.success)
        #expect(refused.launches == nil)
    }

    @Test func oneFragmentTypeServesTheListAndTheTrips() throws {
        let listTile = try #require(try LaunchListQuery.decode(data: Fixture.data("LaunchList")).launches.launches.first??.fragments.launchTile)
        let tripTile = try #require(try MyTripsQuery.decode(data: Fixture.data("MyTrips")).me?.trips.first??.fragments.launchTile)
        let tiles: [LaunchTile] = [listTile, tripTile]
        #expect(tiles.map(\.id) == ["110", "25"])
        #expect(tripTile.mission?.missionPatch?.hasSuffix("25-small.png") == true)
    }

    @Test func decodingErrorsNameThePath() {
        let wrongType: [String: JSONValue] = ["launch": ["id": "1", "site": nil, "mission": ["name": 7, "missionPatch": nil], "rocket": nil, "isBooked": true]]
        #expect(throws: GraphQLDecodingError(path: ResponsePath().appending("launch").appending("mission").appending("name"), problem: "expected a string, found 7")) {
            try LaunchDetailsQuery.decode(data: wrongType)
        }
        let missing: [String: JSONValue] = ["launches": ["cursor": "c", "hasMore": false, "launches": [["id": "1", "site": nil]]]]
        #expect(throws: GraphQLDecodingError(path: ResponsePath().appending("launches").appending("launches").appending(index: 0).appending("mission"), problem: "missing")) {
            try LaunchListQuery.decode(data: missing)
        }
        let nullForNonNull: [String: JSONValue] = ["bookTrips": ["success": nil, "message": nil, "launches": nil]]
        #expect(throws: GraphQLDecodingError.self) { try BookTripMutation.decode(data: nullForNonNull) }
        let error = GraphQLDecodingError(path: ResponsePath().appending("launch").appending("id"), problem: "missing")
        #expect(error.description == "The answer's launch.id: missing.")
    }

    @Test func enumsKeepValuesTheyDoNotKnow() throws {
        #expect(PatchSize(rawValue: "SMALL") == .small)
        #expect(PatchSize(rawValue: "HUGE") == .unknown("HUGE"))
        #expect(PatchSize.unknown("HUGE").rawValue == "HUGE")
        #expect(try PatchSize(responseValue: "LARGE") == .large)
        #expect(PatchSize.large.graphQLInputValue == "LARGE")
    }
}
