@testable import ProcessLifecycle
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a termination signal does to the running command: the first one during a shielded change
/// cancels the command and is kept (the process ends by it afterwards), the first one while a
/// command runs until stopped cancels it and is used up, and any other ends the process at once.
@Suite("Signal deferral", .timeLimit(.minutes(1)))
struct SignalDeferralTests {
    /// Counts the cancellations a deferral hands out.
    private final class Cancellations: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func cancel() { count.withLock { $0 += 1 } }
    }

    /// A state whose command cancellation is counted by `cancellations`.
    private static func state(depth: Int = 0, stoppable: Int = 0, counting cancellations: Cancellations) -> SignalDeferral {
        var state = SignalDeferral()
        state.depth = depth
        state.stoppable = stoppable
        state.cancelCommand = { cancellations.cancel() }
        return state
    }

    @Test func outsideAShieldASignalEndsTheProcess() {
        let cancellations = Cancellations()
        var state = Self.state(counting: cancellations)
        #expect(state.deferral(of: SIGINT) == nil)
        #expect(state.pending == nil)
        #expect(cancellations.value == 0)
    }

    @Test func withNoCommandToCancelAShieldedSignalEndsTheProcess() {
        var state = SignalDeferral()
        state.depth = 1
        #expect(state.deferral(of: SIGTERM) == nil)
        #expect(state.pending == nil)
    }

    @Test func theFirstSignalDuringAShieldedChangeCancelsTheCommandAndIsKept() {
        let cancellations = Cancellations()
        var state = Self.state(depth: 1, counting: cancellations)
        let cancel = state.deferral(of: SIGTERM)
        #expect(cancel != nil)
        cancel?()
        #expect(cancellations.value == 1)
        #expect(state.pending == SIGTERM)
        #expect(!state.stopped)
    }

    @Test func aSecondSignalDuringAShieldedChangeEndsTheProcessAndTheFirstIsKept() {
        let cancellations = Cancellations()
        var state = Self.state(depth: 2, counting: cancellations)
        #expect(state.deferral(of: SIGHUP) != nil)
        #expect(state.deferral(of: SIGINT) == nil)
        #expect(state.pending == SIGHUP)
    }

    @Test func theFirstSignalStopsACommandThatRunsUntilStoppedAndIsUsedUp() {
        let cancellations = Cancellations()
        var state = Self.state(stoppable: 1, counting: cancellations)
        let cancel = state.deferral(of: SIGINT)
        #expect(cancel != nil)
        cancel?()
        #expect(cancellations.value == 1)
        #expect(state.stopped)
        #expect(state.pending == nil, "stopping is how the command ends, not a signal to end the process by")
        #expect(state.deferral(of: SIGINT) == nil, "a second signal ends the process at once")
    }

    @Test func aShieldedChangeInsideACommandThatRunsUntilStoppedKeepsTheSignal() {
        let cancellations = Cancellations()
        var state = Self.state(depth: 1, stoppable: 1, counting: cancellations)
        #expect(state.deferral(of: SIGTERM) != nil)
        #expect(state.pending == SIGTERM)
        #expect(!state.stopped)
    }
}
