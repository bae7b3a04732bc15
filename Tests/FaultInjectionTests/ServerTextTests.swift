import Foundation
import Testing
import TestSupport

/// Text from the server reaches the terminal only through the sanitiser: no control characters
/// (ESC, BEL, CR, LF, C1, DEL) and no bidirectional overrides, on stderr as on stdout, and cut
/// to a bounded length.
@Suite("Server text is sanitised", .timeLimit(.minutes(5)))
struct ServerTextTests {
    /// Escape sequences that clear the screen, set the title, ring the bell, move the cursor.
    static let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}line one\r\nline two\u{9B}31m\u{202E}desrever\u{7F}\u{0}"

    static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
    }

    /// Fails unless `text` is free of terminal controls, apart from line ends.
    static func expectSafe(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for scalar in text.unicodeScalars where scalar != "\n" {
            let unsafe = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            #expect(!unsafe, "\(what) holds U+\(String(scalar.value, radix: 16, uppercase: true))", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["data null", "errors only", "partial data"])
    func aGraphQLErrorMessageIsSanitisedAndCut(_ shape: String) async throws {
        let session = try await FaultSession()
        let message = Self.jsonString(Self.hostile + String(repeating: "long ", count: 20_000))
        let errors = #""errors":[{"message":\#(message)}]"#
        let body = switch shape {
        case "data null": #"{"data":null,\#(errors)}"#
        case "errors only": "{\(errors)}"
        default: #"{"data":{"launch":null},\#(errors)}"#
        }
        session.server.behaviour = .json(body)
        let before = session.home.snapshot()
        let result = try await session.run(QueryFaultTests.query)
        FaultExpectations.expectCleanFailure(result, status: [1], session: session, before: before)
        Self.expectSafe(result.stderr, "stderr")
        #expect(result.stderr.contains("owned"), "the message is shown, made safe: \(result.stderr.prefix(300))")
        #expect(result.stderr.count < 500)
    }

    @Test func aMutationMessageAndLaunchFieldsAreSanitised() async throws {
        let session = try await FaultSession()
        let text = Self.jsonString(Self.hostile)
        session.server.behaviour = .decide { request in
            if request.graphQLQuery.contains("bookTrips") {
                return .json(#"{"data":{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"message":\#(text),"launches":[\#(FaultServerTutorial.launchObject(id: "1", isBooked: true))]}}}"#)
            }
            return .json(#"{"data":{"launch":{"__typename":"Launch","id":"1","site":\#(text),"mission":{"__typename":"Mission","name":\#(text),"missionPatch":null},"rocket":null,"isBooked":true}}}"#)
        }
        let details = try await session.run(QueryFaultTests.query)
        #expect(details.status == 0, "\(details.stderr)")
        Self.expectSafe(details.stdout, "details stdout")
        let book = try await session.run(["book", FaultSession.cachedLaunch])
        #expect(book.status == 0, "\(book.stderr)")
        Self.expectSafe(book.stdout, "book stdout")
        #expect(book.stdout.contains("owned"))
    }

    @Test func aHugeValueIsCutOnStdout() async throws {
        let session = try await FaultSession()
        session.server.behaviour = .hugeBody(megabytes: 1)
        let result = try await session.run(QueryFaultTests.query)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.count < 10_000, "a 1 MB site printed \(result.stdout.count) characters")
    }
}
