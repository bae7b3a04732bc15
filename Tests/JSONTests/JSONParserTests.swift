import Foundation
import GraphQLClientFixtures
import JSON
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(5)))
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Data(text.utf8))
    }

    private func reason(_ text: String) -> JSONParseError.Reason? {
        do {
            _ = try JSONParser.parse(Data(text.utf8))
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func parsesNestedValues() throws {
        let value = try parse(#" { "a" : [1, -2.5, true, false, null, "x"], "b": {"c": {}} , "d": [] } "#)
        #expect(value == ["a": [1, -2.5, true, false, nil, "x"], "b": ["c": [:]], "d": []])
    }

    @Test func decodesEscapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""caf\u00e9 \u0041""#) == .string("café A"))
        #expect(try parse(#""plain then \n escape""#) == .string("plain then \n escape"))
    }

    @Test func pairsSurrogatesAndReplacesLoneOnes() throws {
        #expect(try parse(#""\uD83D\uDE80""#) == .string("🚀"))
        #expect(try parse(#""\uD83D x""#) == .string("\u{FFFD} x"))
        #expect(try parse(#""\uDE80""#) == .string("\u{FFFD}"))
        #expect(try parse(#""\uD83D\u0041""#) == .string("\u{FFFD}A"))
    }

    @Test func keepsRawUTF8AndRejectsInvalidUTF8() throws {
        #expect(try parse("\"żółw 🚀\"") == .string("żółw 🚀"))
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Data([0x22, 0xC3, 0x28, 0x22])) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Data([0x22, 0x5C, 0x6E, 0xFF, 0x22])) }
    }

    @Test func readsNumbers() throws {
        #expect(try parse("0") == .int(0))
        #expect(try parse("-0") == .int(0))
        #expect(try parse("-12") == .int(-12))
        #expect(try parse("9223372036854775807") == .int(Int.max))
        #expect(try parse("-9223372036854775808") == .int(Int.min))
        #expect(try parse("12345678901234567890") == .double(1.2345678901234567e19))
        #expect(try parse("1.5") == .double(1.5))
        #expect(try parse("1e3") == .double(1000))
        #expect(try parse("-2.5E-3") == .double(-0.0025))
    }

    @Test(arguments: ["01", "-", "1.", ".5", "1e", "1e+", "+1", "--1", "0x10", "NaN", "Infinity"])
    func rejectsMalformedNumbers(_ text: String) {
        #expect(reason(text) != nil)
    }

    @Test func limitsDepth() throws {
        let ok = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try parse(ok) }
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(reason(deep) == .tooDeep)
        #expect(reason(String(repeating: "{\"a\":", count: 100_000)) == .tooDeep)
    }

    @Test(arguments: ["{} x", "1 2", "[1]]", "\"a\"\"b\"", "null,"])
    func rejectsTrailingGarbage(_ text: String) {
        #expect(reason(text) == .trailingData)
    }

    @Test(arguments: ["", "   ", "{", "[1,", "{\"a\"", "{\"a\":", "\"abc", "tru", "nul", "[1,]", "{,}", "{\"a\" 1}", "{1:2}", "\"\\x\"", "\"\\u12\""])
    func rejectsTruncatedOrMalformedText(_ text: String) {
        #expect(reason(text) != nil)
    }

    @Test func rejectsControlCharactersInStrings() {
        #expect(reason("\"a\nb\"") == .controlCharacter)
    }

    @Test func keepsLastOfDuplicateKeys() throws {
        #expect(try parse(#"{"a":1,"a":2}"#) == ["a": 2])
    }

    @Test func writerEscapesAndSortsKeys() throws {
        let value: JSONValue = ["b": "line\nbreak \"quoted\" \\ \u{1}", "a": [1, 2.5, nil, true]]
        let text = JSONWriter.string(value)
        #expect(text == #"{"a":[1,2.5,null,true],"b":"line\nbreak \"quoted\" \\ \u0001"}"#)
        #expect(try parse(text) == value)
        #expect(JSONWriter.string(.double(.nan)) == "null")
    }

    @Test func parsesAsJSONSerializationDoesOnARealisticBody() throws {
        let body = LaunchListFixture.body(count: 50)
        let ours = try JSONParser.parse(body)
        let theirs = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let launches = (theirs?["data"] as? [String: Any])?["launches"] as? [String: Any]
        #expect((launches?["launches"] as? [Any])?.count == ours["data"]?["launches"]?["launches"]?.arrayValue?.count)
        #expect(try JSONParser.parse(JSONWriter.data(ours)) == ours)
    }

    @Test func neverTrapsOnMutatedInput() throws {
        var generator = SplitMix64(state: 7)
        let seed = Array(LaunchListFixture.body(count: 3)) + Array(#"{"s":"\uD83D\uDE80\n","n":[-1.5e3,0,true,null]}"#.utf8)
        for _ in 0..<3_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
                }
            }
            if let value = try? JSONParser.parse(Data(bytes)) {
                #expect(try JSONParser.parse(JSONWriter.data(value)) == value)
            }
        }
    }
}
