import Domain
import RocketReserverAPI

/// Maps the generated `TripUpdateDetails` (what booking and cancelling answer) to the parts of a
/// ``TripUpdate``, strictly: every launch in it must have a valid ID.
enum TripUpdateMapping {
    /// The answer's success flag and message, once its launches are known to be well formed.
    static func outcome(_ answer: TripUpdateDetails) throws(MalformedAnswer) -> (success: Bool, message: String?) {
        for case let launch? in answer.launches ?? [] {
            _ = try LaunchMapping.launchID(launch.id)
        }
        return (answer.success, answer.message)
    }
}
