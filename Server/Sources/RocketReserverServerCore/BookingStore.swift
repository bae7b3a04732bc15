import Foundation
import Synchronization

/// Users and bookings, safe to use from many requests at once.
///
/// State lives behind a `Mutex`; with a state file every mutation is written (atomically)
/// before the mutating call returns.
public final class BookingStore: Sendable {
    private struct Storage {
        var state: BookingState
        var indexByEmail: [String: Int] = [:]
        var indexByID: [Int: Int] = [:]
        var booked: [Int: Set<String>] = [:]
        var totalTrips = 0
        var version = 0

        init(state: BookingState) {
            self.state = state
            for (index, user) in state.users.enumerated() {
                indexByEmail[user.email] = index
                indexByID[user.id] = index
                booked[user.id] = Set(user.trips)
                totalTrips += user.trips.count
            }
        }
    }

    private let storage: Mutex<Storage>
    private let writer: StateFileWriter?

    /// Creates a store, loading users and trips from `stateFile` when it exists.
    ///
    /// - Throws: `ServerSetupError` when the state file is unreadable or malformed.
    public init(stateFile: URL? = nil) throws {
        var state = BookingState()
        if let stateFile {
            state = try StateFileWriter.load(url: stateFile) ?? BookingState()
            try Self.check(state, path: stateFile.path)
        }
        storage = Mutex(Storage(state: state))
        writer = stateFile.map { StateFileWriter(url: $0) }
    }

    /// A copy of the current state.
    public var snapshot: BookingState {
        storage.withLock { $0.state }
    }

    /// Total number of bookings across all users.
    public var totalTripsBooked: Int {
        storage.withLock { $0.totalTrips }
    }

    /// Returns the user with an email, creating it when new.
    func user(email: String) throws -> UserRecord {
        try mutate { storage in
            if let index = storage.indexByEmail[email] {
                return (storage.state.users[index], false)
            }
            let user = UserRecord(id: storage.state.nextUserID, email: email)
            storage.state.nextUserID += 1
            storage.indexByEmail[email] = storage.state.users.count
            storage.indexByID[user.id] = storage.state.users.count
            storage.booked[user.id] = []
            storage.state.users.append(user)
            return (user, true)
        }
    }

    /// Books launches for a user; already booked ones stay booked.
    func book(launchIDs: [String], userID: Int) throws {
        try mutate { storage in
            guard let index = storage.indexByID[userID] else { return ((), false) }
            var changed = false
            for launchID in launchIDs where storage.booked[userID, default: []].insert(launchID).inserted {
                storage.state.users[index].trips.append(launchID)
                storage.totalTrips += 1
                changed = true
            }
            return ((), changed)
        }
    }

    /// Cancels a user's booking; `false` when it was not booked.
    func cancel(launchID: String, userID: Int) throws -> Bool {
        try mutate { storage in
            guard let index = storage.indexByID[userID],
                storage.booked[userID]?.remove(launchID) != nil
            else {
                return (false, false)
            }
            storage.state.users[index].trips.removeAll { $0 == launchID }
            storage.totalTrips -= 1
            return (true, true)
        }
    }

    /// Whether a user has booked a launch.
    func isBooked(launchID: String, userID: Int) -> Bool {
        storage.withLock { $0.booked[userID]?.contains(launchID) ?? false }
    }

    /// A user's booked launch ids, in booking order.
    func trips(userID: Int) -> [String] {
        storage.withLock { storage in
            storage.indexByID[userID].map { storage.state.users[$0].trips } ?? []
        }
    }

    /// Applies a change under the lock, then persists the new state when it changed.
    private func mutate<Result: Sendable>(_ body: (inout Storage) -> (Result, Bool)) throws -> Result {
        let (result, pending): (Result, (BookingState, Int)?) = storage.withLock { storage in
            let (result, changed) = body(&storage)
            guard changed, writer != nil else { return (result, nil) }
            storage.version += 1
            return (result, (storage.state, storage.version))
        }
        if let writer, let (state, version) = pending {
            try writer.write(state, version: version)
        }
        return result
    }

    private static func check(_ state: BookingState, path: String) throws {
        var ids = Set<Int>()
        var emails = Set<String>()
        for user in state.users {
            guard ids.insert(user.id).inserted, emails.insert(user.email).inserted, user.id < state.nextUserID,
                Set(user.trips).count == user.trips.count
            else {
                throw ServerSetupError.invalidStateFile(
                    path: path,
                    reason: "user \(user.id) is duplicated, not below nextUserID, or has a trip twice"
                )
            }
        }
    }
}
