import Domain
import Foundation
import Ports
import TerminalPresenters
import Testing

/// The JSON presenter writes one document per result, in the documented shapes.
@Suite("JSONPresenter", .timeLimit(.minutes(5)))
struct JSONPresenterTests {
    let output = CapturingOutput()
    var presenter: JSONPresenter { JSONPresenter(output: output) }

    /// The single document written, parsed; records an issue unless exactly one line was written.
    func document() throws -> [String: Any] {
        let text = output.text
        #expect(output.chunks.count == 1)
        #expect(text.hasSuffix("\n"))
        #expect(!text.dropLast().contains("\n"), "one compact document on one line")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(parsed as? [String: Any])
    }

    @Test("A page: launches with id, site and mission, then cursor and hasMore")
    func page() throws {
        presenter.present(LaunchPage(launches: PresenterFixtures.launches, cursor: "1583556631", hasMore: true))
        let document = try document()
        #expect(Set(document.keys) == ["launches", "cursor", "hasMore"])
        #expect(document["cursor"] as? String == "1583556631")
        #expect(document["hasMore"] as? Bool == true)
        #expect(output.text.contains(#""hasMore":true"#), "a JSON boolean, not a number")
        let launches = try #require(document["launches"] as? [[String: Any]])
        #expect(launches.map { $0["id"] as? String } == ["109", "25", "1", "7"])

        let first = launches[0]
        #expect(Set(first.keys) == ["id", "site", "mission"])
        #expect(first["site"] as? String == "CCAFS SLC 40")
        let mission = try #require(first["mission"] as? [String: Any])
        #expect(Set(mission.keys) == ["name", "missionPatch"])
        #expect(mission["name"] as? String == "Starlink-3")
        #expect(mission["missionPatch"] as? String == "https://images.rocketreserver.invalid/9a/96/nLppz9HW_o.png")

        let accentedMission = try #require(launches[1]["mission"] as? [String: Any])
        #expect(accentedMission["missionPatch"] is NSNull)
        #expect(launches[2]["site"] is NSNull)
        #expect(launches[2]["mission"] is NSNull)
    }

    @Test("Details: id, site, mission, rocket name and type, isBooked")
    func details() throws {
        presenter.present(PresenterFixtures.details)
        let document = try document()
        #expect(Set(document.keys) == ["id", "site", "mission", "rocket", "isBooked"])
        #expect(document["id"] as? String == "109")
        #expect(document["isBooked"] as? Bool == true)
        let rocket = try #require(document["rocket"] as? [String: Any])
        #expect(Set(rocket.keys) == ["name", "type"])
        #expect(rocket["name"] as? String == "Falcon 9")
        #expect(rocket["type"] as? String == "FT")
        let mission = try #require(document["mission"] as? [String: Any])
        #expect(mission["name"] as? String == "Starlink-3")
    }

    @Test("Details without rocket, site or mission write nulls and false")
    func bareDetails() throws {
        presenter.present(PresenterFixtures.bareDetails)
        let document = try document()
        #expect(document["rocket"] is NSNull)
        #expect(document["site"] is NSNull)
        #expect(document["mission"] is NSNull)
        #expect(document["isBooked"] as? Bool == false)
        #expect(output.text.contains(#""isBooked":false"#))
    }

    @Test("A trip update: success, message and the launch's details")
    func update() throws {
        presenter.present(TripUpdate(launchID: PresenterFixtures.details.id, success: true, message: "trips booked successfully", launch: PresenterFixtures.details), for: .book)
        let document = try document()
        #expect(Set(document.keys) == ["success", "message", "launch"])
        #expect(document["success"] as? Bool == true)
        #expect(document["message"] as? String == "trips booked successfully")
        let launch = try #require(document["launch"] as? [String: Any])
        #expect(launch["id"] as? String == "109")
        #expect(launch["isBooked"] as? Bool == true)
        #expect(launch["rocket"] is [String: Any])
    }

    @Test("A refused update without message or launch writes nulls")
    func refusedUpdate() throws {
        presenter.present(TripUpdate(launchID: PresenterFixtures.details.id, success: false, message: nil, launch: nil), for: .cancel)
        let document = try document()
        #expect(document["success"] as? Bool == false)
        #expect(document["message"] is NSNull)
        #expect(document["launch"] is NSNull)
    }

    @Test("Login and logout documents, byte for byte with sorted keys")
    func loginLogout() {
        presenter.presentLogin(PresenterFixtures.email)
        presenter.presentLogout(PresenterFixtures.email)
        presenter.presentLogout(nil)
        #expect(output.chunks == [
            #"{"email":"me@example.com"}"# + "\n",
            #"{"email":"me@example.com","loggedOut":true}"# + "\n",
            #"{"email":null,"loggedOut":true}"# + "\n",
        ])
    }

    @Test("Trips: the email and each trip's launch as in a page")
    func trips() throws {
        presenter.present(User(email: PresenterFixtures.email, trips: [Trip(launch: PresenterFixtures.starlink), Trip(launch: PresenterFixtures.unknown)]))
        let document = try document()
        #expect(Set(document.keys) == ["email", "trips"])
        #expect(document["email"] as? String == "me@example.com")
        let trips = try #require(document["trips"] as? [[String: Any]])
        #expect(trips.map { $0["id"] as? String } == ["109", "1"])
        #expect(Set(trips[0].keys) == ["id", "site", "mission"])
        #expect(trips[1]["mission"] is NSNull)
    }

    @Test("No trips is an empty array, not null")
    func noTrips() throws {
        presenter.present(User(email: PresenterFixtures.email))
        #expect(try document()["trips"] as? [Any] != nil)
        #expect(output.text.contains(#""trips":[]"#))
    }

    @Test("Quotes, backslashes, tabs, control characters and non-ASCII survive a round trip")
    func escaping() throws {
        let name = "Crew 🚀 \"One\"\ttab \\ é \u{1}\u{1B}[31m"
        let site = "</script> \u{2028} ünïcødé"
        let launch = Launch(id: LaunchID(trusted: "7"), site: site, mission: Mission(name: name, missionPatch: "https://a.example/b/c"))
        presenter.present(LaunchPage(launches: [launch], cursor: "x\"y", hasMore: false))
        let document = try document()
        let launches = try #require(document["launches"] as? [[String: Any]])
        let mission = try #require(launches.first?["mission"] as? [String: Any])
        #expect(mission["name"] as? String == name)
        #expect(launches.first?["site"] as? String == site)
        #expect(document["cursor"] as? String == "x\"y")
        #expect(output.text.contains("https://a.example/b/c"), "slashes are not escaped")
        #expect(!output.text.contains("\u{1B}"), "control characters are escaped")
    }

    @Test("Escapes byte for byte: short forms for \\b \\f \\n \\r \\t, \\u00xx for other controls and DEL, the rest as is")
    func escapingBytes() {
        let site = "a\u{8}b\u{C}c\u{1}d\u{1F}e\u{7F}f/g\"h\\i\nj\rk\tl é 🚀"
        presenter.present(LaunchPage(launches: [Launch(id: LaunchID(trusted: "7"), site: site, mission: nil)], cursor: "c", hasMore: false))
        #expect(output.text == #"{"cursor":"c","hasMore":false,"launches":[{"id":"7","mission":null,"site":"a\bb\fc\u0001d\u001fe\u007ff/g\"h\\i\nj\rk\tl é 🚀"}]}"# + "\n")
    }

    @Test("The same result is written identically every time")
    func stableOutput() {
        for _ in 0..<3 { presenter.present(PresenterFixtures.details) }
        #expect(Set(output.chunks).count == 1)
        #expect(output.chunks.first?.hasPrefix(#"{"id":"109","isBooked":true,"mission":{"#) == true)
    }
}
