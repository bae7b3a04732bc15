import Domain

/// The server's live booking activity (the tutorial's `Subscription.tripsBooked`).
public protocol BookingActivityFeed: Sendable {
    /// Booking activity as it happens, from the moment iteration starts until the consumer stops.
    ///
    /// The feed connects when iterated, reconnects by itself when the connection drops
    /// (``LiveUpdate/interrupted(_:)`` then ``LiveUpdate/resumed``), and disconnects when the
    /// consumer stops. Iteration throws a ``ServiceError`` when it cannot connect at all, or when
    /// the server refuses the subscription; the feed never ends by itself otherwise.
    func bookingActivity() -> LiveStream<LiveUpdate<BookingActivity>>
}
