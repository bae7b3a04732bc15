/// What a pending booking request asked for.
public enum BookingAction: Hashable, Sendable {
    case book
    case cancel
}
