import Domain
import Ports

/// Passes on a listing only when it differs from the last one passed on.
actor LatestListing {
    private let emitter: LiveStream<User>.Emitter
    private var last: User?

    init(emitter: LiveStream<User>.Emitter) {
        self.emitter = emitter
    }

    func offer(_ user: User) {
        guard user != last else { return }
        last = user
        emitter.yield(user)
    }
}
