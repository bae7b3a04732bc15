// rocket-reserver-app-bench: the terminal app's cost per key press, in process (Docs/Performance.md).
// Numbers are printed, never asserted:
//   rocket-reserver-app-bench [--launches N] [--moves N] [--events N] [--dump]
// - key → frame: AppReducer.reduce + AppRenderer.frame + FrameWriter.bytes for one j/k move,
//   with N launches loaded (p50, p99, max), on the wall clock and in the thread's CPU time;
// - bytes written per move (the frame diff's output);
// - resident memory before and after a stream of events (banners, moves, booking activity),
//   as 10 events a second for 10 minutes would bring.
#if canImport(Glibc)
import Glibc
#endif
import AppScreens
import Domain
import TerminalKit
import TerminalModel

func argument(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else { return value }
    return number
}

let launchCount = argument("--launches", default: 10_000)
let moves = argument("--moves", default: 4_000)
let eventCount = argument("--events", default: 6_000)

/// Resident memory in KiB (`/proc/self/statm`'s second field × the page size).
func residentKiB() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return -1 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { s in withUnsafeMutablePointer(to: &resident) { r in vfscanf_wrapper(file, s, r) } }) else { return -1 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func vfscanf_wrapper(_ file: UnsafeMutablePointer<FILE>, _ size: UnsafeMutablePointer<Int>, _ resident: UnsafeMutablePointer<Int>) -> Bool {
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, 128, file) != nil else { return false }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ")
    guard fields.count > 1, let a = Int(fields[0]), let b = Int(fields[1]) else { return false }
    size.pointee = a
    resident.pointee = b
    return true
}

func page(_ index: Int, of pages: Int) throws -> LaunchPage {
    let launches = try (0..<20).map { offset -> Launch in
        let number = launchCount - index * 20 - offset
        return Launch(id: try LaunchID(String(number)), site: "Cape Meridian LC-\(number % 40)", mission: Mission(name: "Mission \(number)", missionPatch: nil))
    }
    return LaunchPage(launches: launches, cursor: "cursor-\(index)", hasMore: index + 1 < pages)
}

let pages = try (0..<(launchCount / 20)).map { try page($0, of: launchCount / 20) }
var state = AppState(host: "127.0.0.1", user: nil, size: TerminalSize(columns: 80, rows: 24))
_ = AppReducer.reduce(&state, .launchesReplaced(pages))
_ = AppReducer.reduce(&state, .started)
let renderer = AppRenderer(colors: true)
let writer = FrameWriter(colors: true)
var shown = renderer.frame(for: state)

/// This thread's CPU time in microseconds: unlike the wall clock, it does not count the time
/// the thread waited for a core on a busy machine.
func threadCPUMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

var times: [Double] = []
var cpuTimes: [Double] = []
var bytes: [Int] = []
let clock = ContinuousClock()
for index in 0..<moves {
    // Down for the first half, then back up: the selection crosses the window's edges both ways.
    let key: Key = index < moves / 2 ? .character("j") : .character("k")
    var written = 0
    let cpuStart = threadCPUMicroseconds()
    let elapsed = clock.measure {
        _ = AppReducer.reduce(&state, .terminal(.key(key)))
        let frame = renderer.frame(for: state)
        let output = writer.bytes(from: shown, to: frame)
        written = output.count
        if index == 5, CommandLine.arguments.contains("--dump") {
            // One move's bytes, escaped, to see what the diff writes.
            print(String(decoding: output, as: UTF8.self).debugDescription)
        }
        shown = frame
    }
    cpuTimes.append(threadCPUMicroseconds() - cpuStart)
    times.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    bytes.append(written)
}
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))]
}
let sortedBytes = bytes.sorted()
print("launches loaded: \(launchCount), j/k moves: \(moves)")
func microseconds(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) + " µs" }
print("key -> frame (reduce + render + diff): p50 \(microseconds(percentile(times, 50))), p99 \(microseconds(percentile(times, 99))), max \(microseconds(times.max() ?? 0))")
print("key -> frame, this thread's CPU time (what a busy machine's waits do not inflate): p50 \(microseconds(percentile(cpuTimes, 50))), p99 \(microseconds(percentile(cpuTimes, 99))), max \(microseconds(cpuTimes.max() ?? 0))")
print("bytes per move: median \(sortedBytes[sortedBytes.count / 2]), p99 \(sortedBytes[min(sortedBytes.count - 1, sortedBytes.count * 99 / 100)]), max \(sortedBytes.last ?? 0)")

let before = residentKiB()
for index in 0..<eventCount {
    let event: AppEvent
    switch index % 3 {
    case 0: event = .banner(index.isMultiple(of: 2) ? "A trip was booked." : "A trip was cancelled.")
    case 1: event = .bannerExpired(id: index)
    default: event = .terminal(.key(index.isMultiple(of: 2) ? .character("j") : .character("k")))
    }
    _ = AppReducer.reduce(&state, event)
    let frame = renderer.frame(for: state)
    _ = writer.bytes(from: shown, to: frame)
    shown = frame
}
let after = residentKiB()
print("resident memory over \(eventCount) events (10/s for \(eventCount / 600) min): \(before) KiB -> \(after) KiB (\(after - before) KiB)")
