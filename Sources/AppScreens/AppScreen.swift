import Domain

/// One of the app's full screens; the login sheet and the help overlay sit on top of them.
public enum AppScreen: Hashable, Sendable {
    /// The list of launches, where the app starts.
    case launches
    /// The signed-in user's booked launches.
    case trips
    /// One launch's details and its booking button.
    case details(LaunchID)
}
