#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemErrorText
import Testing

/// `SystemErrorText.describe`: the system's words for an errno, the same from every thread.
@Suite(.timeLimit(.minutes(5))) struct SystemErrorTextTests {
    @Test func aKnownErrnoReadsAsTheSystemsWords() {
        #expect(SystemErrorText.describe(ENOENT) == "No such file or directory")
        #expect(SystemErrorText.describe(ENOSPC) == "No space left on device")
    }

    @Test func anErrnoTheSystemDoesNotKnowReadsAsItsNumber() {
        #expect(SystemErrorText.describe(99_999) == "error 99999")
    }

    @Test func manyThreadsAtOnceEachGetTheirOwnWords() async {
        let codes: [Int32] = [ENOENT, EACCES, ENOSPC, ECONNRESET]
        let expected = codes.map { SystemErrorText.describe($0) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for round in 0..<64 {
                group.addTask {
                    (0..<200).reduce(0) { count, step in
                        let index = (round + step) % codes.count
                        return count + (SystemErrorText.describe(codes[index]) == expected[index] ? 0 : 1)
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
