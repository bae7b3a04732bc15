/// The data a server instance serves: its launch catalog, its booking store and the
/// `tripsBooked` events its mutations publish.
public struct ServerData: Sendable {
    /// Launches, newest first.
    public let catalog: LaunchCatalog
    /// Users and bookings.
    public let store: BookingStore
    /// Where `bookTrips` and `cancelTrip` publish `Subscription.tripsBooked` events.
    public let tripsBooked: TripsBookedHub

    /// Creates server data from a catalog, a store and an event hub.
    public init(catalog: LaunchCatalog, store: BookingStore, tripsBooked: TripsBookedHub = TripsBookedHub()) {
        self.catalog = catalog
        self.store = store
        self.tripsBooked = tripsBooked
    }
}
