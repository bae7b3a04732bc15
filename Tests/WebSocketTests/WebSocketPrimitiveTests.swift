import Foundation
import Digests
import Transport
@testable import WebSocketCodec
import Testing

/// SHA-1 against libcrypto, the accept key, UTF-8 checking and frame encoding, in isolation.
@Suite(.timeLimit(.minutes(5))) struct WebSocketPrimitiveTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha1MatchesLibcryptoAtEveryLengthAroundTheBlockBoundaries() throws {
        try #require(ReferenceSHA1.isAvailable, "libcrypto.so.3 is needed as the oracle")
        var generator = SystemRandomNumberGenerator()
        for length in Array(0...130) + [1_000, 4_096, 65_537] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(SHA1.digest(bytes) == ReferenceSHA1.digest(bytes), "length \(length)")
        }
    }

    @Test func acceptKeyIsRFC6455sExample() {
        // RFC 6455 §1.3.
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func handshakeKeyIsSixteenFreshRandomBytes() throws {
        let first = WebSocketHandshake(subprotocols: []).key
        let second = WebSocketHandshake(subprotocols: []).key
        #expect(Data(base64Encoded: first)?.count == 16)
        #expect(first != second)
    }

    @Test func utf8ValidatorAgreesWithTheStandardLibraryOnRandomAndEdgeInput() {
        var generator = SystemRandomNumberGenerator()
        let edges: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xE2, 0x82], [0x80], Array("κόσμε".utf8),
        ]
        let random = (0..<20_000).map { _ in
            (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                // Mostly bytes near the interesting ranges.
                [UInt8.random(in: 0x00...0x7F, using: &generator), UInt8.random(in: 0x80...0xBF, using: &generator),
                 UInt8.random(in: 0xC0...0xFF, using: &generator)][Int.random(in: 0...2, using: &generator)]
            }
        }
        for bytes in edges + random {
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(WebSocketUTF8Validator.isValid(bytes) == expected, "\(bytes)")
            // Split anywhere, the answer is the same.
            for cut in 0...bytes.count {
                var validator = WebSocketUTF8Validator()
                let whole = validator.consume(bytes[..<cut]) && validator.consume(bytes[cut...]) && validator.isComplete
                #expect(whole == expected, "\(bytes) cut at \(cut)")
            }
        }
    }

    @Test(arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 100_000])
    func clientFramesAreMaskedWithTheirLengthInShortestForm(length: Int) {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let frame = [UInt8](WebSocketFrame.encode(.binary, payload: payload, fin: true, mask: 0x0102_0304))
        #expect(frame[0] == 0x82)
        #expect(frame[1] & 0x80 != 0)
        let header = length < 126 ? 2 : length <= 0xFFFF ? 4 : 10
        #expect(Int(frame[1] & 0x7F) == (length < 126 ? length : length <= 0xFFFF ? 126 : 127))
        #expect(frame.count == header + 4 + length)
        #expect(Array(frame[header..<(header + 4)]) == [1, 2, 3, 4])
        let unmasked = frame[(header + 4)...].enumerated().map { $0.element ^ UInt8($0.offset % 4 + 1) }
        #expect(unmasked == payload)
    }

    @Test func closeReasonIsCutOnACharacterBoundary() {
        let payload = WebSocketFrame.closePayload(code: 1000, reason: String(repeating: "é", count: 100))
        #expect(payload.count <= 125)
        #expect(String(validating: payload[2...], as: UTF8.self) != nil)
    }

    @Test func parserWaitsForWholeFramesFedByteByByte() throws {
        let frames: [[UInt8]] = [
            PeerConnection.frame(1, Array("hello".utf8)), PeerConnection.frame(2, [UInt8](repeating: 9, count: 300)),
            PeerConnection.frame(9, [1, 2, 3]), PeerConnection.frame(2, [UInt8](repeating: 7, count: 70_000)),
        ]
        var parser = WebSocketFrameParser(maximumPayload: 1 << 20)
        var parsed: [WebSocketFrame] = []
        for byte in frames.joined() {
            [byte].withUnsafeBytes { parser.append($0) }
            if let frame = try parser.next() { parsed.append(frame) }
        }
        #expect(parsed.map(\.opcode) == [.text, .binary, .ping, .binary])
        #expect(parsed.map(\.payload.count) == [5, 300, 3, 70_000])
        #expect(parser.bufferedCount == 0)
    }

    /// Headers a server must never send, each refused from its header alone.
    @Test(arguments: [
        (PeerConnection.frame(1, [], rsv: 4), UInt16(1002)),
        (PeerConnection.frame(1, [], rsv: 1), 1002),
        (PeerConnection.frame(3, []), 1002),
        (PeerConnection.frame(11, []), 1002),
        (PeerConnection.frame(1, [1], mask: [1, 2, 3, 4]), 1002),
        (PeerConnection.frame(9, [], fin: false), 1002),
        ([0x89, 126, 0, 126], 1002),
        ([0x82, 126, 0, 5], 1002),
        ([0x82, 127, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF], 1002),
        ([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0], 1002),
        ([0x82, 127, 0, 0, 0, 0, 0x40, 0, 0, 0], 1009),
    ] as [([UInt8], UInt16)])
    func parserRefusesForbiddenHeaders(bytes: [UInt8], code: UInt16) {
        var parser = WebSocketFrameParser(maximumPayload: 1 << 20)
        bytes.withUnsafeBytes { parser.append($0) }
        #expect(throws: WebSocketFrameParser.Violation.self) { try parser.next() }
        do { _ = try parser.next() } catch { #expect(error.code == code) }
    }

    @Test func assemblerJoinsFragmentsAndChecksUTF8AcrossThem() throws {
        var assembler = WebSocketMessageAssembler(maximumBytes: 100)
        let euro = Array("€".utf8)
        #expect(try assembler.take(WebSocketFrame(fin: false, opcode: .text, payload: [0x61, euro[0]])) == nil)
        #expect(try assembler.take(WebSocketFrame(fin: false, opcode: .continuation, payload: [euro[1]])) == nil)
        #expect(try assembler.take(WebSocketFrame(fin: true, opcode: .continuation, payload: [euro[2]])) == .text("a€"))
        // A character cut off at the end.
        _ = try assembler.take(WebSocketFrame(fin: false, opcode: .text, payload: [euro[0]]))
        #expect(throws: WebSocketFrameParser.Violation(code: 1007, reason: "a text message that is not UTF-8")) {
            try assembler.take(WebSocketFrame(fin: true, opcode: .continuation, payload: []))
        }
    }

    @Test func assemblerBoundsTheWholeMessageNotEachFragment() throws {
        var assembler = WebSocketMessageAssembler(maximumBytes: 10)
        _ = try assembler.take(WebSocketFrame(fin: false, opcode: .binary, payload: [UInt8](repeating: 0, count: 6)))
        #expect(throws: WebSocketFrameParser.Violation(code: 1009, reason: "a message over 10 bytes")) {
            try assembler.take(WebSocketFrame(fin: true, opcode: .continuation, payload: [UInt8](repeating: 0, count: 5)))
        }
    }
}

/// Random and mutated server bytes through the parser and the assembler: every input ends in
/// frames, a wait for more, or a violation with a close code; never a crash, never more memory
/// than the limit.
@Suite(.timeLimit(.minutes(5))) struct WebSocketParserFuzzTests {
    @Test func randomAndMutatedStreamsEndInFramesOrAViolation() {
        var generator = SystemRandomNumberGenerator()
        let seeds: [[UInt8]] = [
            PeerConnection.frame(1, Array("hello".utf8)), PeerConnection.frame(2, [UInt8](repeating: 1, count: 300)),
            PeerConnection.frame(9, [1, 2]), PeerConnection.frame(8, PeerConnection.closePayload(1000, "bye")),
            PeerConnection.frame(1, [0xE2, 0x82], fin: false) + PeerConnection.frame(0, [0xAC]),
        ]
        for round in 0..<3_000 {
            var bytes = seeds[round % seeds.count] + seeds[(round / 5) % seeds.count]
            if round % 3 == 0 {
                bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            var parser = WebSocketFrameParser(maximumPayload: 512)
            var assembler = WebSocketMessageAssembler(maximumBytes: 512)
            // Fed in random pieces.
            var offset = 0
            var outcome = "waiting"
            feeding: while offset < bytes.count {
                let end = min(bytes.count, offset + Int.random(in: 1...7, using: &generator))
                bytes[offset..<end].withUnsafeBytes { parser.append($0) }
                offset = end
                do {
                    while let frame = try parser.next() {
                        #expect(frame.payload.count <= 512)
                        if !frame.opcode.isControl { _ = try assembler.take(frame) }
                    }
                } catch {
                    #expect([1002, 1007, 1009].contains(error.code))
                    outcome = "violation"
                    break feeding
                }
            }
            #expect(outcome == "violation" || parser.bufferedCount <= bytes.count)
        }
    }
}
