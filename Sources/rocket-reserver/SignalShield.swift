import CLIConfiguration
import ProcessLifecycle

/// The CLI's ``InterruptionShield`` in this process: ``TerminationSignals/shielding(_:)``.
struct SignalShield: InterruptionShield {
    func finishing<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await TerminationSignals.shielding(body)
    }

    func stoppingOnSignal<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await TerminationSignals.stopping(body)
    }
}
