extension Duration {
    /// The duration as a wait in whole milliseconds, as `poll(2)` takes it.
    ///
    /// Rounded up, so that a wait never ends before the duration has passed; 0 for a duration
    /// that is zero or negative, at most `Int32.max` (24 days).
    package var waitMilliseconds: Int32 {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1_000)
        guard !milliseconds.overflow else { return Int32.max }
        return Int32(clamping: milliseconds.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
