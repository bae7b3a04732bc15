// Only test builds find Swift Testing; a plain `swift build -c release` builds this target too
// (it builds every target), and must not fail on it.
#if canImport(Testing)
import Testing

extension LinearTime {
    /// Expects `work` to give right results and take linear time on 1 MB and 10 MB inputs.
    public static func expect<Input>(
        _ name: String, input: @escaping @Sendable (_ megabytes: Int) -> Input, work: @escaping @Sendable (Input) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let measured = await measure(input: input, work: work)
        #expect(measured.right && measured.isLinear, "\(name): \(measured.right ? measured.summary : "a result is wrong")", sourceLocation: sourceLocation)
    }
}
#endif
