import Presentation
import Testing

/// The one way a server's message becomes a sentence of ours.
@Suite(.timeLimit(.minutes(5)))
struct ServerTextSentenceTests {
    @Test func aMessageOfSeveralLinesBecomesOneSentence() {
        #expect(ServerText.sentence("  launch not found\n\tsee logs  ") == "launch not found see logs.")
    }

    @Test func itsOwnEndingIsKept() {
        #expect(ServerText.sentence("Are you logged in?") == "Are you logged in?")
        #expect(ServerText.sentence("Booked!") == "Booked!")
    }

    @Test func nothingLeftIsSaid() {
        #expect(ServerText.sentence(" \n ") == "(no message).")
    }

    @Test func aLongMessageIsCutOnceAndNotGivenAFullStopAfterTheEllipsis() {
        let sentence = ServerText.sentence(String(repeating: "x", count: 5_000))
        #expect(sentence.count == ServerText.maximumLength)
        #expect(sentence.hasSuffix("…"))
    }

    @Test func aLineIsOneCutLineThatTheEdgeStillSanitises() {
        #expect(ServerText.line("  launch not found\n\tsee logs  ") == "launch not found see logs")
        let long = ServerText.line(String(repeating: "x", count: 5_000) + "\u{1B}")
        #expect(long.count == ServerText.maximumLength)
        #expect(long.hasSuffix("…"))
        #expect(ServerText.line("bad\u{1B}[2Jnews") == "bad\u{1B}[2Jnews", "sanitising is the printing edge's, once")
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let sentence = ServerText.sentence("bad\u{1B}[2Jnews\u{07}")
        #expect(!sentence.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }
}
