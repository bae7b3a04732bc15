import Domain

/// How `watch` prints one booking activity event: a sentence, or one JSON object a line.
package enum BookingActivityLine {
    /// "2 trips were booked." / "A trip was booked." / "A trip was cancelled.".
    package static func text(_ activity: BookingActivity) -> String {
        switch activity {
        case .booked(1): "A trip was booked."
        case .booked(let count): "\(count) trips were booked."
        case .cancelled(1): "A trip was cancelled."
        case .cancelled(let count): "\(count) trips were cancelled."
        }
    }

    /// `{"tripsBooked":2}`: the server's own value (`-1` for a cancellation).
    package static func json(_ activity: BookingActivity) -> String {
        #"{"tripsBooked":\#(activity.tripsBooked)}"#
    }
}
