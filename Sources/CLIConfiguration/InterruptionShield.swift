/// Lets a change that must not be left half done wind down when the user interrupts it.
///
/// While `body` runs, the executable's shield turns a termination signal (Ctrl-C, SIGTERM,
/// SIGHUP) into the cancellation of the command instead of ending the process at once: a
/// booking whose request may have reached the server then drops its cached state and says the
/// outcome is unknown, a logout removes what it started removing, and the process ends by the
/// signal afterwards. Outside a shield a signal ends the process at once.
public protocol InterruptionShield: Sendable {
    func finishing<T: Sendable>(_ body: () async throws -> T) async throws -> T

    /// Runs a command that ends only when the user stops it (`watch`): while `body` runs, a
    /// termination signal cancels the command, and the process then exits with the command's
    /// own status (0) instead of by the signal. A second signal ends it at once.
    func stoppingOnSignal<T: Sendable>(_ body: () async throws -> T) async throws -> T
}

extension InterruptionShield {
    /// No signal handling of its own: `body` just runs (cancelling its task stops it).
    public func stoppingOnSignal<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await body()
    }
}

/// No shield: `body` just runs (tests, and programs that handle no signals).
public struct NoInterruptionShield: InterruptionShield {
    public init() {}

    public func finishing<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await body()
    }
}
