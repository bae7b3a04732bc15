import Foundation
import GraphQLClient
import RocketReserverAPI

/// The `LaunchList` operation and answers of any size, for cache tests and benchmarks.
public enum LaunchListFixture {
    /// The generated `LaunchList` query (RocketReserverAPI).
    public static let operation = LaunchListQuery.operation

    /// The whole response body for `count` launches.
    public static func body(count: Int) -> Data {
        var text = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"1583556631","hasMore":false,"launches":["#
        for id in 1...count {
            if id > 1 { text += "," }
            text += #"{"__typename":"Launch","id":"\#(id)","site":"CCAFS SLC 40","mission":{"__typename":"Mission","name":"Starlink \#(id)","missionPatch":"https://images.rocketreserver.invalid/\#(id)/patch_small.png"}}"#
        }
        text += "]}}}"
        return Data(text.utf8)
    }
}
