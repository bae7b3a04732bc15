import Domain
import Testing

@Suite("BookingActivity", .timeLimit(.minutes(5)))
struct BookingActivityTests {
    @Test(arguments: [(2, BookingActivity.booked(count: 2)), (1, .booked(count: 1)), (0, .booked(count: 0)), (-1, .cancelled(count: 1)), (-3, .cancelled(count: 3))])
    func tripsBookedValuesMap(_ value: Int, _ activity: BookingActivity) {
        #expect(BookingActivity(tripsBooked: value) == activity)
        #expect(activity.tripsBooked == value)
    }

    @Test func theExtremesDoNotTrap() {
        #expect(BookingActivity(tripsBooked: Int.min) == .cancelled(count: Int.max))
        #expect(BookingActivity(tripsBooked: Int.max) == .booked(count: Int.max))
        #expect(BookingActivity(tripsBooked: Int.min + 1).tripsBooked == Int.min + 1)
    }
}
