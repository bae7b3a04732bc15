/// Booking activity shown for a few seconds; a newer banner replaces it.
public struct Banner: Hashable, Sendable {
    /// Which banner this is: an expiry for another id leaves it up.
    public let id: Int
    /// The driver's words for the activity.
    public let text: String
}
