import CodegenFixtures
import GraphQLClient
import GraphQLOperationSupport
import JSON
import Testing

/// A generated subscription: the document a streaming transport sends, and each event's
/// `data` checked against the selection, then decoded into the typed model.
@Suite(.timeLimit(.minutes(5)))
struct SubscriptionEventTests {
    @Test func theDocumentIsASubscriptionWithItsVariables() {
        #expect(FoundSubscription.operationName == "Found")
        #expect(FoundSubscription.subscription.document.hasPrefix("subscription Found($text: String!) { found(text: $text) { __typename "))
        #expect(FoundSubscription.document.hasPrefix("subscription Found($text: String!) {"))
        #expect(FoundSubscription(text: "moon").variables.jsonValues == ["text": "moon"])
    }

    @Test func eachEventDecodesByItsTypename() throws {
        let subscription = FoundSubscription(text: "moon")
        let person = try subscription.event(data: ["found": ["__typename": "Person", "name": "Ada"]])
        #expect(person.found.asNamed?.name == "Ada" && person.found.asPlace == nil)
        let place = try subscription.event(data: ["found": ["__typename": "Place", "id": "p", "latitude": 2.5]])
        #expect(place.found.asPlace?.latitude == 2.5 && place.found.asNamed == nil)
    }

    static let misfits: [(data: [String: JSONValue], problem: String)] = [
        (["found": ["__typename": "Place", "id": "p"]], "found.latitude is missing"),
        (["found": ["__typename": "Item"]], "found.name is missing"),
        ([:], "found is missing"),
        (["found": "Ada"], "found is a value where an object was expected"),
    ]

    @Test(arguments: misfits)
    func anEventThatDoesNotFitIsNotUnderstood(data: [String: JSONValue], problem: String) {
        #expect(throws: GraphQLClientError(operationName: "Found", kind: .unexpectedShape(problem))) {
            _ = try FoundSubscription(text: "moon").event(data: data)
        }
    }
}
