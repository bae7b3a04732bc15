/// Something that happened to the bookings on the server, as its live feed announces it.
///
/// The tutorial's `Subscription.tripsBooked` sends a count: the number of launches a
/// `bookTrips` asked for, or `-1` for a `cancelTrip`. Another user's activity is announced too:
/// the feed is the whole server's, not the signed-in user's.
public enum BookingActivity: Sendable, Hashable {
    /// `count` trips were booked by one request (`0` for a request that named no launch).
    case booked(count: Int)
    /// `count` trips were cancelled (the tutorial's server announces one at a time).
    case cancelled(count: Int)

    /// The activity a `tripsBooked` value announces: `n ≥ 0` trips booked, `-n` cancelled.
    ///
    /// Every `Int` maps, `Int.min` included (as the most that can be counted).
    public init(tripsBooked value: Int) {
        if value >= 0 {
            self = .booked(count: value)
        } else {
            self = .cancelled(count: Int(exactly: value.magnitude) ?? Int.max)
        }
    }

    /// The value as the server sends it: the booked count, or minus the cancelled count.
    public var tripsBooked: Int {
        switch self {
        case .booked(let count): count
        case .cancelled(let count): -count
        }
    }
}
