import InMemoryAdapters

extension PlannerServices {
    /// The in-memory adapters over the sample launches: no network, no files.
    static func inMemory() -> PlannerServices {
        let credentials = InMemoryCredentialStore()
        let gateway = InMemoryGateway(server: InMemoryTutorialServer(launches: SampleLaunches.make()), credentials: credentials)
        return PlannerServices(
            launches: gateway, bookings: gateway, trips: gateway, authenticator: gateway, credentials: credentials
        )
    }
}
