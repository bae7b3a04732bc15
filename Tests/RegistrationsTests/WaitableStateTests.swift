import Registrations
import Testing

/// Waits on a value until a condition holds: met at once, met by a later change, never met
/// (the wait ends when its task is cancelled), and cancelled before it registered.
@Suite(.timeLimit(.minutes(1))) struct WaitableStateTests {
    @Test func aConditionThatHoldsNowReturnsAtOnce() async {
        let state = WaitableState(3)
        #expect(await state.wait { $0 == 3 })
        #expect(state.waitingCount == 0)
    }

    @Test func aLaterChangeResumesOnlyTheWaitsItMeets() async {
        let state = WaitableState(0)
        async let two = state.wait { $0 == 2 }
        async let five = state.wait { $0 >= 5 }
        await waitUntil(state, has: 2)
        state.update { $0 = 2 }
        #expect(await two)
        #expect(state.waitingCount == 1, "the wait for 5 is still registered")
        let returned = state.update { value -> Int in
            value = 7
            return value * 10
        }
        #expect(returned == 70)
        #expect(await five)
        #expect(state.waitingCount == 0)
    }

    @Test func aWaitThatIsNeverMetEndsFalseWhenItsTaskIsCancelled() async {
        let state = WaitableState("")
        let waiting = Task { await state.wait { $0 == "never" } }
        await waitUntil(state, has: 1)
        waiting.cancel()
        #expect(await waiting.value == false)
        #expect(state.waitingCount == 0)
    }

    @Test func aWaitCancelledBeforeItStartsIsRefusedAndLeavesNothingBehind() async {
        let state = WaitableState(0)
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await state.wait { $0 == 1 }
        }
        #expect(await waiting.value == false)
        #expect(state.waitingCount == 0)
        state.update { $0 = 1 }
    }

    /// Yields until `count` waits are registered: they register on other tasks, and the table's
    /// size is the only sign of it (the suite's time limit bounds the loop).
    private func waitUntil<Value>(_ state: WaitableState<Value>, has count: Int) async {
        while state.waitingCount < count { await Task.yield() }
    }
}
