import POSIXSupport
import Testing

/// A duration as `poll`'s wait: never shorter than the duration, never out of `Int32`'s range.
@Suite(.timeLimit(.minutes(5)))
struct WaitMillisecondsTests {
    @Test func partsOfAMillisecondRoundUp() {
        #expect(Duration.nanoseconds(1).waitMilliseconds == 1)
        #expect(Duration.microseconds(1_500).waitMilliseconds == 2)
        #expect(Duration.milliseconds(30).waitMilliseconds == 30)
        #expect(Duration.seconds(2).waitMilliseconds == 2_000)
    }

    @Test func nothingLeftIsNoWait() {
        #expect(Duration.zero.waitMilliseconds == 0)
        #expect(Duration.milliseconds(-5).waitMilliseconds == 0)
    }

    @Test func longWaitsStopAtTheLargestPollTimeout() {
        #expect(Duration.seconds(30 * 86_400).waitMilliseconds == Int32.max)
        #expect(Duration.seconds(Int64.max).waitMilliseconds == Int32.max)
    }
}
