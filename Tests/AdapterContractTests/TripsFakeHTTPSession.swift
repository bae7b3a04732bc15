import Foundation
import Transport
import JSON
import Synchronization

/// A tutorial server's `me` and `launch` over the HTTP seam, in memory: what the GraphQL trip
/// watcher's contract fetches through. Bookings change only the server's state.
final class TripsFakeHTTPSession: HTTPSession {
    private let booked = Mutex<[String]>([])

    /// Books `launch` on the server alone.
    func book(_ launch: String) {
        booked.withLock { $0.append(launch) }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try? JSONParser.parse(request.body)
        let text: String
        switch body?["operationName"]?.stringValue {
        case "MyTrips":
            let trips = booked.withLock { $0 }.map(Self.tile).joined(separator: ",")
            text = #"{"data":{"me":{"__typename":"User","email":"watcher@example.com","trips":["# + trips + "]}}}"
        case "LaunchDetails":
            let id = body?["variables"]?["launchId"]?.stringValue ?? "1"
            text = #"{"data":{"launch":{"__typename":"Launch","id":"\#(id)","site":"Site \#(id)","# +
                #""mission":{"__typename":"Mission","name":"Mission \#(id)","missionPatch":"https://images.example.invalid/large-\#(id).png"},"# +
                #""rocket":{"__typename":"Rocket","id":"r1","name":"Rocket","type":"FT"},"isBooked":false}}}"#
        default:
            text = #"{"errors":[{"message":"not in this fake"}]}"#
        }
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    private static func tile(_ id: String) -> String {
        #"{"__typename":"Launch","id":"\#(id)","site":"Site \#(id)","mission":{"__typename":"Mission","name":"Mission \#(id)","missionPatch":"https://images.example.invalid/small-\#(id).png"}}"#
    }
}
