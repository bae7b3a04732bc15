/// What a finished child process printed and how it ended.
public struct ProcessResult: Sendable {
    public var status: Int32
    /// From the child's start to its end, as noted off the Swift concurrency pool: what the
    /// child took, not counting the time the test waited for a slot or a thread.
    public var duration: Duration
    public var stdout: String
    public var stderr: String
    /// The most memory the child held at once, in KiB, when it was asked for
    /// (``ChildProcess/samplesPeakMemory``).
    public var peakResidentKiB: Int?
}
