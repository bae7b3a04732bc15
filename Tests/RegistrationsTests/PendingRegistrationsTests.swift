import Registrations
import Testing

/// A registration and its cancellation, in either order: whichever comes first wins, and
/// neither leaves the id behind.
@Suite(.timeLimit(.minutes(1))) struct PendingRegistrationsTests {
    @Test func aRegistrationThatArrivesFirstIsAdmittedAndItsLaterCancelReachesTheTable() {
        var table = PendingRegistrations<Int>()
        table.issue(1)
        let admitted = table.register(1)
        let cancelledBeforeRegistering = table.cancel(1)
        #expect(admitted)
        #expect(!cancelledBeforeRegistering, "the caller must take the registered id out of its table")
        #expect(table.count == 0)
    }

    @Test func aCancelThatComesFirstRefusesTheRegistration() {
        var table = PendingRegistrations<String>()
        table.issue("7")
        table.issue("8")
        let cancelledBeforeRegistering = table.cancel("7")
        let admittedAfterCancel = table.register("7")
        let otherAdmitted = table.register("8")
        #expect(cancelledBeforeRegistering)
        #expect(!admittedAfterCancel)
        #expect(otherAdmitted)
        #expect(table.count == 0)
    }

    @Test func anIdNeverIssuedIsNeitherAdmittedNorPending() {
        var table = PendingRegistrations<Int>()
        let admitted = table.register(3)
        let cancelled = table.cancel(3)
        #expect(!admitted)
        #expect(!cancelled)
    }

    @Test func issuedIdsAreDistinctAndEachIsPendingUntilItRegisters() {
        var table = PendingRegistrations<UInt8>()
        let first = table.issueNext()
        let second = table.issueNext()
        #expect(first != second)
        #expect(table.count == 2)
        let secondAdmitted = table.register(second)
        let firstCancelledFirst = table.cancel(first)
        let firstAdmittedLate = table.register(first)
        #expect(secondAdmitted)
        #expect(firstCancelledFirst, "the first never registered: its cancel refuses it")
        #expect(!firstAdmittedLate)
        #expect(table.count == 0)
    }
}
