import Domain
import RocketReserverAPI

/// Maps the generated `TripUpdateDetails` (what booking and cancelling answer) to a
/// ``TripUpdate``, strictly: every launch in it must map to domain values and be the launch
/// asked about (an answer may write only the records it is about: a `book 7` answering
/// launch 5 as booked would set launch 5's cached `isBooked`).
enum TripUpdateMapping {
    /// The update for launch `id`, its launch taken from the answer itself (never the cache),
    /// so `book` and `cancel` show the same whatever is cached.
    ///
    /// - Parameter isBookedOnSuccess: What a successful change means for the launch: the
    ///   hosted server's `cancelTrip` answers a stale `isBooked: true`, so a success decides it.
    static func update(_ answer: TripUpdateDetails, id: LaunchID, isBookedOnSuccess: Bool) throws(MalformedAnswer) -> TripUpdate {
        var launch: LaunchDetails?
        for case let element? in answer.launches ?? [] {
            let details = try LaunchMapping.details(element.fragments.launchDetailsFields)
            guard details.launch.id == id else { throw MalformedAnswer(what: "a launch it was not asked about") }
            if launch == nil { launch = details }
        }
        if answer.success { launch?.isBooked = isBookedOnSuccess }
        return TripUpdate(launchID: id, success: answer.success, message: answer.message, launch: launch)
    }
}
