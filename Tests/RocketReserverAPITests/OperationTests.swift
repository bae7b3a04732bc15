import GraphQLClient
import GraphQLGateway
import GraphQLOperationSupport
import RocketReserverAPI
import Testing

/// The generated operations select exactly what the gateway sends today, and encode their variables by type.
struct OperationTests {
    @Test func clientSelectionsEqualTheGatewaysOperations() {
        #expect(LaunchListQuery.operation == TutorialOperations.launchList)
        #expect(LaunchDetailsQuery.operation == TutorialOperations.launchDetails)
        #expect(LoginMutation.operation == TutorialOperations.login)
        #expect(BookTripMutation.operation == TutorialOperations.bookTrip)
        #expect(CancelTripMutation.operation == TutorialOperations.cancelTrip)
        #expect(MyTripsQuery.operation == TutorialOperations.myTrips)
    }

    @Test func documentsAreTheGraphQLFilesWithTheirFragments() {
        #expect(BookTripMutation.operationName == "BookTrip")
        #expect(
            BookTripMutation.document
                == "mutation BookTrip($id: ID!) { bookTrips(launchIds: [$id]) { ...TripUpdateDetails } } "
                + "fragment TripUpdateDetails on TripUpdateResponse { success message launches { id isBooked } }"
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
