import Foundation
import GraphQLClient
import GraphQLIncrementalDelivery
import JSON
import Testing

/// Incremental delivery (`@defer`) as the client reads it: `multipart/mixed` bodies in any
/// split, and both payload formats merged into one answer.
@Suite(.timeLimit(.minutes(5)))
struct IncrementalDeliveryTests {
    /// Apollo's `deferSpec=20220824`, as Apollo Router sends it (boundary `-`).
    static let apollo = "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
        + #"{"data":{"launch":{"__typename":"Launch","id":"25","site":"CCAFS"}},"hasNext":true}"#
        + "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
        + #"{"incremental":[{"data":{"rocket":{"__typename":"Rocket","id":"falcon9","name":"Falcon 9"}},"path":["launch"],"label":"Rocket"}],"hasNext":true}"#
        + "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{}"
        + "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
        + #"{"incremental":[{"data":{"isBooked":false},"path":["launch"],"label":"Booking"}],"hasNext":false}"#
        + "\r\n-----\r\n"

    /// graphql-js 17's format, as Strawberry on graphql-core 3.3 sends it (boundary `graphql`).
    static let graphQLJS = "--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"data":{"launches":{"launches":[{"id":"1"},{"id":"2"}]}},"pending":[{"id":"0","path":["launches","launches",1],"label":"More"}],"hasNext":true}"#
        + "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"incremental":[{"id":"0","data":{"site":"KSC"}},{"id":"0","subPath":["mission"],"data":{"name":"M2"}}],"completed":[{"id":"0"}],"hasNext":false}"#
        + "\r\n--graphql--\r\n"

    static func parts(_ body: String, contentType: String, chunk: Int) throws -> [Data] {
        var reader = try #require(MultipartMixedReader(contentType: contentType))
        let bytes = Array(body.utf8)
        var parts: [Data] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            parts += try reader.feed(bytes[start..<min(start + chunk, bytes.count)])
        }
        try reader.finish()
        return parts
    }

    static func merged(_ parts: [Data]) throws -> (IncrementalResponse, [IncrementalResponse.Part]) {
        var response = try IncrementalResponse(initial: try JSONParser.parse(try #require(parts.first)))
        var delivered: [IncrementalResponse.Part] = []
        for part in parts.dropFirst() { delivered += try response.apply(try JSONParser.parse(part)) }
        return (response, delivered)
    }

    @Test("Apollo's format, whatever the reads' sizes", arguments: [1, 2, 3, 7, 64, 100_000])
    func apolloFormat(chunk: Int) throws {
        let parts = try Self.parts(Self.apollo, contentType: #"multipart/mixed; boundary="-"; deferSpec=20220824"#, chunk: chunk)
        #expect(parts.count == 4)
        let (response, delivered) = try Self.merged(parts)
        #expect(response.hasNext == false)
        #expect(response.errors.isEmpty)
        #expect(response.data?["launch"]?["rocket"]?["name"] == "Falcon 9")
        #expect(response.data?["launch"]?["isBooked"] == false)
        #expect(response.data?["launch"]?["site"] == "CCAFS")
        #expect(delivered.map(\.label) == ["Rocket", "Booking"])
        #expect(delivered.map(\.path) == [["launch"], ["launch"]])
    }

    @Test("graphql-js 17's format: pending, incremental by id and subPath, completed", arguments: [1, 5, 100_000])
    func graphQLJSFormat(chunk: Int) throws {
        let parts = try Self.parts(Self.graphQLJS, contentType: "multipart/mixed; boundary=graphql", chunk: chunk)
        #expect(parts.count == 2)
        let (response, delivered) = try Self.merged(parts)
        #expect(response.hasNext == false)
        let second = response.data?["launches"]?["launches"]?.arrayValue?[1]
        #expect(second?["site"] == "KSC")
        #expect(second?["mission"]?["name"] == nil)  // `mission` was never delivered as an object: the subPath part is dropped
        #expect(response.data?["launches"]?["launches"]?.arrayValue?[0] == ["id": "1"])
        #expect(delivered.map(\.label) == ["More"])
        #expect(delivered.first?.path == ["launches", "launches", 1])
    }

    @Test func aFragmentThatFailsKeepsItsErrorsAndLeavesItsFieldsOut() throws {
        var response = try IncrementalResponse(initial: try JSONParser.parse(Data(#"{"data":{"launch":{"id":"1"}},"pending":[{"id":"0","path":["launch"]}],"hasNext":true}"#.utf8)))
        let parts = try response.apply(try JSONParser.parse(Data(#"{"completed":[{"id":"0","errors":[{"message":"rocket failed","path":["launch","rocket"]}]}],"hasNext":false}"#.utf8)))
        #expect(response.data == ["launch": ["id": "1"]])
        #expect(response.errors.map(\.message) == ["rocket failed"])
        #expect(parts.count == 1)
        #expect(parts.first?.data == nil)
        #expect(response.hasNext == false)
    }

    @Test func anApolloPartWithErrorsMergesItsDataAndKeepsItsErrors() throws {
        var response = try IncrementalResponse(initial: try JSONParser.parse(Data(#"{"data":{"launch":{"id":"1"}},"hasNext":true}"#.utf8)))
        _ = try response.apply(try JSONParser.parse(Data(#"{"incremental":[{"data":{"rocket":null},"path":["launch"],"errors":[{"message":"no rocket"}]}],"hasNext":false}"#.utf8)))
        #expect(response.data?["launch"]?["rocket"] == .null)
        #expect(response.errors.first?.message == "no rocket")
    }

    @Test func aPartUnderANullParentIsDropped() throws {
        var response = try IncrementalResponse(initial: try JSONParser.parse(Data(#"{"data":{"launch":null},"hasNext":true}"#.utf8)))
        let parts = try response.apply(try JSONParser.parse(Data(#"{"incremental":[{"data":{"site":"X"},"path":["launch"]}],"hasNext":false}"#.utf8)))
        #expect(parts.isEmpty)
        #expect(response.data == ["launch": .null])
    }

    @Test("A connection that drops mid-response is an error, never a complete answer", arguments: [40, 150, Self.apollo.utf8.count - 3])
    func aDroppedConnectionIsTruncated(cut: Int) throws {
        var reader = try #require(MultipartMixedReader(contentType: #"multipart/mixed;boundary="-";deferSpec=20220824"#))
        _ = try reader.feed(Array(Self.apollo.utf8).prefix(cut))
        #expect(reader.isComplete == false)
        #expect(throws: MultipartMixedReader.Failure.truncated) { try reader.finish() }
    }

    /// Strawberry ends each part with a line break and the delimiter, and sends the delimiter's
    /// own line break (or the closing `--`) only with the next part: a part must not wait for it.
    @Test func aPartIsHandedOnOnceItsDelimiterArrivesWithoutWaitingForTheNextPart() throws {
        var reader = MultipartMixedReader(boundary: "-")
        let text = { (parts: [Data]) in parts.map { String(decoding: $0, as: UTF8.self) } }
        #expect(try reader.feed(Array("---".utf8)).isEmpty)
        let first = try reader.feed(Array("\r\nContent-Type: application/json\r\n\r\n{\"data\":{},\"hasNext\":true}\r\n---".utf8))
        #expect(text(first) == [#"{"data":{},"hasNext":true}"#])
        let second = try reader.feed(Array("\r\nContent-Type: application/json\r\n\r\n{\"hasNext\":false}\r\n---".utf8))
        #expect(text(second) == [#"{"hasNext":false}"#])
        #expect(throws: MultipartMixedReader.Failure.truncated) { try reader.finish() }
        #expect(try reader.feed(Array("-".utf8)).isEmpty)
        #expect(try reader.feed(Array("-\r\n".utf8)).isEmpty)
        try reader.finish()
    }

    @Test func aPartLargerThanTheLimitIsRefused() throws {
        var reader = MultipartMixedReader(boundary: "-", maximumPartBytes: 1_000)
        #expect(throws: MultipartMixedReader.Failure.partTooLarge(limit: 1_000)) {
            _ = try reader.feed(Array("---\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 2_000))
        }
    }

    @Test(arguments: ["application/json", "multipart/mixed", "multipart/mixed; boundary=", "multipart/alternative; boundary=x"])
    func aContentTypeWithoutABoundaryIsNoMultipartBody(contentType: String) {
        #expect(MultipartMixedReader(contentType: contentType) == nil)
    }
}
