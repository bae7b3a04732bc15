import GraphQLOperationSupport
import RocketReserverAPI
import Testing

/// The generated operations send the documents the gateway needs (pinned here: the queries are
/// the ones the hand-written operations sent; booking and cancelling now ask for the launch's
/// details too), and encode their variables by type.
@Suite(.timeLimit(.minutes(5)))
struct OperationTests {
    @Test func clientDocumentsAreTheOnesSentBefore() {
        let tile = "__typename id site mission { __typename name missionPatch(size: SMALL) }"
        #expect(LaunchListQuery.operation.document
            == "query LaunchList($pageSize: Int, $cursor: String) { launches(pageSize: $pageSize, after: $cursor) { __typename cursor hasMore launches { \(tile) } } }")
        #expect(LaunchDetailsQuery.operation.document
            == "query LaunchDetails($launchId: ID!) { launch(id: $launchId) { \(Self.detailsFields) } }")
        #expect(LoginMutation.operation.document == "mutation Login($email: String!) { login(email: $email) { __typename token } }")
        #expect(MyTripsQuery.operation.document == "query MyTrips { me { __typename email trips { \(tile) } } }")
    }

    @Test func tripUpdatesAskForTheLaunchDetails() {
        let update = "__typename success message launches { \(Self.detailsFields) }"
        #expect(BookTripMutation.operation.document == "mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { \(update) } }")
        #expect(CancelTripMutation.operation.document
            == "mutation CancelTrip($launchId: ID!) { cancelTrip(launchId: $launchId) { \(update) } }")
    }

    static let detailsFields =
        "__typename id site mission { __typename name missionPatch(size: LARGE) } rocket { __typename id name type } isBooked"

    @Test func documentsAreTheGraphQLFilesWithTheirFragments() {
        #expect(BookTripMutation.operationName == "BookTrip")
        #expect(
            BookTripMutation.document
                == "mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { ...TripUpdateDetails } } "
                + "fragment TripUpdateDetails on TripUpdateResponse { success message launches { ...LaunchDetailsFields } } "
                + LaunchDetailsFields.fragmentDefinition
        )
        #expect(MyTripsQuery.document.hasSuffix(LaunchTile.fragmentDefinition))
        #expect(LaunchTile.fragmentDefinition == "fragment LaunchTile on Launch { id site mission { name missionPatch(size: SMALL) } }")
    }

    @Test func variablesAreTypedAndOptionalOnesLeftOutWhenNil() {
        #expect(LaunchListQuery(pageSize: 3).variables.jsonValues == ["pageSize": 3])
        #expect(LaunchListQuery(pageSize: nil, cursor: "abc").variables.jsonValues == ["cursor": "abc"])
        #expect(LaunchListQuery().variables.jsonValues == [:])
        #expect(LaunchDetailsQuery(launchId: "25").variables.jsonValues == ["launchId": "25"])
        #expect(BookTripMutation(id: "25").variables == BookTripMutation.Variables(id: "25"))
        #expect(MyTripsQuery().variables.jsonValues == [:])
    }
}
