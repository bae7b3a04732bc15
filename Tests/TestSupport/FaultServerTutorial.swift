import Foundation

/// Valid answers shaped like the Apollo tutorial server's, for preparing state (a stored
/// login, a warm cache) against a ``FaultServer`` before it starts misbehaving.
public enum FaultServerTutorial {
    /// Answers each tutorial operation correctly, choosing by the GraphQL document:
    /// `login` returns `token`; `bookTrips`, `cancelTrip`, `launches`, `launch` and `me`
    /// return small valid results.
    public static func behaviour(token: String) -> FaultServerBehaviour {
        .decide { request in .respond(status: 200, body: answer(to: request, token: token)) }
    }

    /// The answer to `request` (see ``behaviour(token:)``).
    public static func answer(to request: FaultServerRequest, token: String) -> Data {
        let query = request.graphQLQuery
        let variables = request.graphQLVariables
        if query.contains("bookTrips") {
            let ids = (variables["launchIds"] as? [Any])?.map { "\($0)" } ?? variables["id"].map { ["\($0)"] } ?? ["1"]
            let launches = ids.map { launchObject(id: $0, isBooked: true) }.joined(separator: ",")
            return Data(#"{"data":{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"message":"trips booked successfully","launches":[\#(launches)]}}}"#.utf8)
        }
        if query.contains("cancelTrip") {
            let id = (variables["launchId"]).map { "\($0)" } ?? "1"
            return Data(#"{"data":{"cancelTrip":{"__typename":"TripUpdateResponse","success":true,"message":"trip cancelled","launches":[\#(launchObject(id: id, isBooked: false))]}}}"#.utf8)
        }
        if query.contains("login") {
            return Data(#"{"data":{"login":{"__typename":"User","id":"u1","email":"me@example.com","token":\#(quoted(token))}}}"#.utf8)
        }
        if query.contains("launches") {
            let items = (1...3).map { launchSummary(id: String($0)) }.joined(separator: ",")
            return Data(#"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"1","hasMore":false,"launches":[\#(items)]}}}"#.utf8)
        }
        if query.contains("me") && !query.contains("launch(") {
            return Data(#"{"data":{"me":{"__typename":"User","id":"u1","email":"me@example.com","trips":[]}}}"#.utf8)
        }
        let id = variables["launchId"].map { "\($0)" } ?? variables["id"].map { "\($0)" } ?? "1"
        return launchDetails(id: id)
    }

    /// A `LaunchDetails` answer for launch `id`, not booked.
    public static func launchDetails(id: String) -> Data {
        Data((#"{"data":{"launch":"# + launchObject(id: id, isBooked: false) + "}}").utf8)
    }

    /// Launch `id` with every field `LaunchDetailsFields` selects (as details, book and cancel ask for it).
    public static func launchObject(id: String, isBooked: Bool) -> String {
        #"{"__typename":"Launch","id":\#(quoted(id)),"site":"X","mission":{"__typename":"Mission","name":"M","missionPatch":"https://p.invalid/1.png"},"#
            + #""rocket":{"__typename":"Rocket","id":"r","name":"R","type":"T"},"isBooked":\#(isBooked)}"#
    }

    /// A valid `LaunchDetails` answer for launch 1 whose `site` is about `megabytes` MB of text.
    public static func hugeLaunchDetails(megabytes: Int) -> Data {
        let prefix = Data(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":""#.utf8)
        let suffix = Data((#"","mission":{"__typename":"Mission","name":"M","missionPatch":"https://p.invalid/1.png"},"#
            + #""rocket":{"__typename":"Rocket","id":"r","name":"R","type":"T"},"isBooked":false}}}"#).utf8)
        var body = prefix
        body.append(Data(repeating: UInt8(ascii: "x"), count: max(0, megabytes) * 1_000_000))
        body.append(suffix)
        return body
    }

    private static func launchSummary(id: String) -> String {
        #"{"__typename":"Launch","id":\#(quoted(id)),"site":"X","mission":{"__typename":"Mission","name":"M\#(id)","missionPatch":"https://p.invalid/\#(id).png"}}"#
    }

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]),
              let array = String(data: data, encoding: .utf8) else { return "\"\"" }
        return String(array.dropFirst().dropLast())
    }
}
