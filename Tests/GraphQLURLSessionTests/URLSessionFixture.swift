import Foundation
import RocketReserverAPI

/// The operation and answer the URLSession tests exchange with the loopback server.
enum URLSessionFixture {
    /// The generated `LaunchDetails` query (RocketReserverAPI).
    static let launchDetails = LaunchDetailsQuery.operation

    static let detailsBody = #"""
        {"data":{"launch":{"__typename":"Launch","id":"25","site":"CCAFS SLC 40",
        "mission":{"__typename":"Mission","name":"Starlink-3","missionPatch":null},
        "rocket":{"__typename":"Rocket","id":"falcon9","name":"Falcon 9","type":"FT"},"isBooked":false}}}
        """#
}
