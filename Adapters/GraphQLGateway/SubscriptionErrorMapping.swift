import Domain
import GraphQLServiceMapping
import GraphQLSubscriptions
import Transport
import Ports
import RocketReserverAPI

/// Maps the subscription client's failures onto ``ServiceError``s, as the CLI's exit codes
/// need them: cannot connect 69, refused login 77, not understood 76, refused by the server 1.
enum SubscriptionErrorMapping {
    static func serviceError(_ error: GraphQLSubscriptionError) -> ServiceError {
        let operation = error.operationName.isEmpty ? TripsBookedSubscription.operationName : error.operationName
        return ServiceError(kind(of: error), operation: operation, detail: error.description)
    }

    /// The shared classification (GraphQLServiceMapping), which `query`'s subscriptions use too.
    static func kind(of error: GraphQLSubscriptionError) -> ServiceError.Kind {
        ServiceError.Kind(error)
    }
}
