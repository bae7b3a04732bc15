import GraphQLClient
@testable import GraphQLSubscriptions
import JSON
import Testing

/// The server's messages as ``SubscriptionServerMessage`` reads them in each subprotocol; what
/// a subprotocol does not allow is a failure of the connection, which names no operation.
@Suite(.timeLimit(.minutes(1))) struct SubscriptionServerMessageTests {
    @Test func eachSubprotocolReadsItsOwnEventType() throws {
        #expect(
            try SubscriptionServerMessage(#"{"type":"next","id":"1","payload":{"data":{"tripsBooked":2}}}"#, subprotocol: .graphQLTransportWS)
                == .event(id: "1", data: ["tripsBooked": 2], errors: [])
        )
        #expect(
            try SubscriptionServerMessage(#"{"type":"data","id":"1","payload":{"data":{"tripsBooked":2}}}"#, subprotocol: .graphQLWS)
                == .event(id: "1", data: ["tripsBooked": 2], errors: [])
        )
        #expect(throws: SubscriptionConnectionFailure(.malformedMessage("an unexpected message type"))) {
            try SubscriptionServerMessage(#"{"type":"data","id":"1","payload":{}}"#, subprotocol: .graphQLTransportWS)
        }
        #expect(throws: SubscriptionConnectionFailure(.malformedMessage("an unexpected message type"))) {
            try SubscriptionServerMessage(#"{"type":"next","id":"1","payload":{}}"#, subprotocol: .graphQLWS)
        }
    }

    @Test func keepAlivesAndPingsBelongToOneSubprotocolEach() throws {
        #expect(try SubscriptionServerMessage(#"{"type":"ka"}"#, subprotocol: .graphQLWS) == .keepAlive)
        #expect(try SubscriptionServerMessage(#"{"type":"ping"}"#, subprotocol: .graphQLTransportWS) == .ping)
        #expect(try SubscriptionServerMessage(#"{"type":"pong"}"#, subprotocol: .graphQLTransportWS) == .pong)
        for (text, subprotocol) in [(#"{"type":"ka"}"#, GraphQLSubscriptionProtocol.graphQLTransportWS), (#"{"type":"ping"}"#, .graphQLWS)] {
            #expect(throws: SubscriptionConnectionFailure(.malformedMessage("an unexpected message type"))) {
                try SubscriptionServerMessage(text, subprotocol: subprotocol)
            }
        }
    }

    @Test func aMessageWithoutWhatItNeedsFailsTheConnection() {
        for subprotocol in GraphQLSubscriptionProtocol.allCases {
            #expect(throws: SubscriptionConnectionFailure(.malformedMessage("not a JSON object"))) {
                try SubscriptionServerMessage("[1]", subprotocol: subprotocol)
            }
            #expect(throws: SubscriptionConnectionFailure(.malformedMessage("a complete without an id"))) {
                try SubscriptionServerMessage(#"{"type":"complete"}"#, subprotocol: subprotocol)
            }
        }
    }

    @Test func aConnectionFailureNamesEachSubscriptionsOwnOperation() {
        let failure = SubscriptionConnectionFailure(.acknowledgementTimedOut)
        #expect(failure.error(for: "TripsBooked") == GraphQLSubscriptionError(operationName: "TripsBooked", kind: .acknowledgementTimedOut))
        #expect(SubscriptionConnectionFailure(CancellationError()) == nil)
        #expect(SubscriptionConnectionFailure(failure) == failure)
    }
}
