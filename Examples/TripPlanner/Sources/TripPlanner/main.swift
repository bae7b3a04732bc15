import Foundation

// trip-planner in-memory            the flow against the in-memory adapters
// trip-planner server [<endpoint>]  the flow against a tutorial server (default: $TRIP_PLANNER_ENDPOINT)
let arguments = Array(CommandLine.arguments.dropFirst())
let services: PlannerServices
switch arguments.first {
case "in-memory":
    services = .inMemory()
case "server":
    let text = arguments.dropFirst().first ?? ProcessInfo.processInfo.environment["TRIP_PLANNER_ENDPOINT"] ?? ""
    guard let endpoint = URL(string: text), endpoint.scheme == "http" || endpoint.scheme == "https" else {
        FileHandle.standardError.write(Data("trip-planner: give the server's endpoint (http://…)\n".utf8))
        exit(64)
    }
    services = .server(at: endpoint)
default:
    FileHandle.standardError.write(Data("usage: trip-planner in-memory | server [<endpoint>]\n".utf8))
    exit(64)
}
do {
    try await TripPlan(services: services, email: "planner@example.com").run { print($0) }
    if arguments.first == "server", let endpoint = services.endpoint {
        // The typed layer against the same server, its cache and credential file in a folder of its own.
        let folder = FileManager.default.temporaryDirectory.appending(path: "trip-planner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TypedTour(endpoint: endpoint, folder: folder, email: "tourist@example.com").run { print($0) }
    }
} catch {
    FileHandle.standardError.write(Data("trip-planner: \(error)\n".utf8))
    exit(1)
}
