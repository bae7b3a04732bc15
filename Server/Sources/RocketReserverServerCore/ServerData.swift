/// The data a server instance serves: its launch catalog and its booking store.
public struct ServerData: Sendable {
    /// Launches, newest first.
    public let catalog: LaunchCatalog
    /// Users and bookings.
    public let store: BookingStore

    /// Creates server data from a catalog and a store.
    public init(catalog: LaunchCatalog, store: BookingStore) {
        self.catalog = catalog
        self.store = store
    }
}
