@testable import GraphQLSubscriptions
import JSON
import Testing

/// The client's messages as the socket sends them, byte for byte, in each subprotocol: the one
/// codec ``SubscriptionClientMessage`` writes every message the client sends.
@Suite(.timeLimit(.minutes(1))) struct SubscriptionClientMessageTests {
    @Test func connectionInitCarriesTheAuthorizationOrAnEmptyPayload() {
        for subprotocol in GraphQLSubscriptionProtocol.allCases {
            #expect(SubscriptionClientMessage.connectionInit(authorization: nil).encoded(for: subprotocol) == #"{"payload":{},"type":"connection_init"}"#)
            #expect(
                SubscriptionClientMessage.connectionInit(authorization: "Bearer token-1").encoded(for: subprotocol)
                    == #"{"payload":{"authorization":"Bearer token-1"},"type":"connection_init"}"#
            )
        }
    }

    @Test func subscribeIsSubscribeInGraphQLTransportWSAndStartInGraphQLWS() {
        let message = SubscriptionClientMessage.subscribe(
            id: "7", document: "subscription TripsBooked($id: ID) { tripsBooked }", operationName: "TripsBooked", variables: ["id": "5"]
        )
        let payload = #""payload":{"operationName":"TripsBooked","query":"subscription TripsBooked($id: ID) { tripsBooked }","variables":{"id":"5"}}"#
        #expect(message.encoded(for: .graphQLTransportWS) == #"{"id":"7","# + payload + #","type":"subscribe"}"#)
        #expect(message.encoded(for: .graphQLWS) == #"{"id":"7","# + payload + #","type":"start"}"#)
    }

    @Test func anAnonymousOperationWithoutVariablesSendsTheQueryAlone() {
        let message = SubscriptionClientMessage.subscribe(id: "1", document: "subscription {\n  tripsBooked\n}", operationName: "", variables: [:])
        #expect(message.encoded(for: .graphQLTransportWS) == #"{"id":"1","payload":{"query":"subscription {\n  tripsBooked\n}"},"type":"subscribe"}"#)
        #expect(message.encoded(for: .graphQLWS) == #"{"id":"1","payload":{"query":"subscription {\n  tripsBooked\n}"},"type":"start"}"#)
    }

    @Test func completeIsCompleteInGraphQLTransportWSAndStopInGraphQLWS() {
        #expect(SubscriptionClientMessage.complete(id: "3").encoded(for: .graphQLTransportWS) == #"{"id":"3","type":"complete"}"#)
        #expect(SubscriptionClientMessage.complete(id: "3").encoded(for: .graphQLWS) == #"{"id":"3","type":"stop"}"#)
    }

    @Test func theLiveProbeIsAQueryOperationOfItsOwn() {
        let probe = SubscriptionClientMessage.liveProbe(id: "live-2")
        #expect(
            probe.encoded(for: .graphQLWS)
                == #"{"id":"live-2","payload":{"operationName":"LiveProbe","query":"query LiveProbe { __typename }"},"type":"start"}"#
        )
    }

    @Test func theConnectionMessagesHaveOnlyAType() {
        for subprotocol in GraphQLSubscriptionProtocol.allCases {
            #expect(SubscriptionClientMessage.ping.encoded(for: subprotocol) == #"{"type":"ping"}"#)
            #expect(SubscriptionClientMessage.pong.encoded(for: subprotocol) == #"{"type":"pong"}"#)
            #expect(SubscriptionClientMessage.connectionTerminate.encoded(for: subprotocol) == #"{"type":"connection_terminate"}"#)
        }
    }
}
