/// Which change to a trip a command asks for.
public enum TripChangeKind: Sendable, Hashable {
    /// Booking a seat on a launch.
    case booking
    /// Cancelling the trip on a launch.
    case cancellation
}
