import Domain
import Ports

/// Follows the server's booking activity live: every booking and
/// cancellation on the server, by anyone, as it happens. Needs no login.
public struct WatchBookingActivity: Sendable {
    private let feed: any BookingActivityFeed

    public init(feed: any BookingActivityFeed) {
        self.feed = feed
    }

    /// The activity from now on, with the feed's connection news (see ``LiveUpdate``); it runs
    /// until the consumer stops iterating, which disconnects.
    public func callAsFunction() -> LiveStream<LiveUpdate<BookingActivity>> {
        feed.bookingActivity()
    }
}
