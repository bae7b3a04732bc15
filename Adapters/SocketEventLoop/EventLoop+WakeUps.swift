/// A wait that another task can end early by raising a ``WakeUpFlag``.
extension EventLoop {
    /// What ended a wait for interests or a wake-up.
    package struct Readiness: Sendable {
        /// Per interest, what it is ready for (0 for those that are not).
        package var events: [UInt32]
        /// Whether the flag was raised (the wait may also have found interests ready).
        package var wokenUp: Bool
    }

    /// Waits until any of `interests` (none, or at most 16) is ready or `flag` is raised, and
    /// returns which; a flag raised before the call returns at once.
    ///
    /// Throws as ``wait(for:until:)`` does (``HTTPTransportError/Kind/timedOut`` at `deadline`,
    /// `CancellationError`, ``EventLoopError``); a raise that comes with such an end stays on
    /// the flag for the next wait.
    package func wait(for interests: [Interest], orWakeUp flag: WakeUpFlag, until deadline: ContinuousClock.Instant?) async throws -> Readiness {
        precondition(interests.count <= 1 << Self.indexBits)
        if flag.take() { return Readiness(events: interests.map { _ in 0 }, wokenUp: true) }
        if let deadline, deadline <= .now { return Readiness(events: try Self.lookOnce(at: interests), wokenUp: false) }
        try Task.checkCancellation()
        let id = issueID()
        do {
            let events = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    register(id, Waiter(continuation: continuation, interests: interests), until: deadline)
                    // Raised since it was taken: the wait just registered ends at once.
                    if !flag.attach(id, on: self) { wakeUp(id) }
                }
            } onCancel: {
                finish(id, with: .failure(CancellationError()))
            }
            return Readiness(events: events, wokenUp: flag.detach(id, consume: true))
        } catch {
            _ = flag.detach(id, consume: false)
            throw error
        }
    }
}
