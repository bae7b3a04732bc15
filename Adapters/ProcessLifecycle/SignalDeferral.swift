/// What a termination signal does to the running command: end the process now, or cancel the
/// command and let it wind down, during a shielded change (``TerminationSignals/shielding(_:)``)
/// or to stop a command that runs until stopped (``TerminationSignals/stopping(_:)``).
///
/// A value, kept under ``TerminationSignals``' lock; the signal thread asks it once per signal.
struct SignalDeferral {
    /// Shielded changes running now.
    var depth = 0
    /// The signal that arrived during a shielded change, to end the process by once it returns.
    var pending: Int32?
    /// How to cancel the command.
    var cancelCommand: (@Sendable () -> Void)?
    /// Commands running under ``TerminationSignals/stopping(_:)``.
    var stoppable = 0
    /// Whether a signal has stopped one.
    var stopped = false

    /// The command's cancellation when `signalNumber` arrives: the first signal while a command
    /// that runs until stopped is running outside a shielded change (the signal is used up), or
    /// the first during a shielded change (noted in ``pending``); `nil` when the process must end now.
    mutating func deferral(of signalNumber: Int32) -> (@Sendable () -> Void)? {
        if depth == 0, stoppable > 0, !stopped, let cancel = cancelCommand {
            // Stopping is how the command ends: the signal is used up, not re-raised.
            stopped = true
            return cancel
        }
        guard depth > 0, pending == nil, let cancel = cancelCommand else { return nil }
        pending = signalNumber
        return cancel
    }
}
