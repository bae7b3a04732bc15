#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal pair for the tests: the device under test uses the slave as its terminal,
/// the test types into and reads the screen from the master. Each end is closed exactly once.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    private var masterOpen = true
    private var slaveOpen = true

    private init(master: Int32, slave: Int32) {
        self.master = master
        self.slave = slave
    }

    /// A new pair, the master non-blocking; `nil` when the system has no pseudo-terminal to give.
    static func open() -> PseudoTerminal? {
        // posix_openpt, grantpt, unlockpt and ptsname as Linux does them (Swift's Glibc module
        // does not export them): open the multiplexer, unlock the slave, ask its number.
        let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, UInt(0x4004_5431) /* TIOCSPTLCK */, &unlock) == 0, ioctl(master, UInt(0x8004_5430) /* TIOCGPTN */, &number) == 0 else {
            close(master)
            return nil
        }
        let slave = Glibc.open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            return nil
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        return PseudoTerminal(master: master, slave: slave)
    }

    deinit {
        closeMaster()
        if slaveOpen { close(slave) }
    }

    /// Hangs the terminal up: the slave's reads and writes fail from now on.
    func closeMaster() {
        guard masterOpen else { return }
        masterOpen = false
        close(master)
    }

    /// Types `bytes` at the terminal.
    func type(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    func type(_ text: String) { type(Array(text.utf8)) }

    /// Everything the device has written to the screen and not yet read.
    func screenOutput() -> [UInt8] {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return output }
            output += buffer[0..<count]
        }
    }

    /// The slave's settings now.
    func settings() -> termios {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings
    }

    /// Sets the window size, as a terminal emulator does when its window is resized.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }
}

/// Every field of a termios, for exact comparison (the struct has padding `==` must not see).
struct TerminalSettings: Equatable, CustomStringConvertible {
    let input, output, control, local: UInt32
    let line: UInt8
    let characters: [UInt8]
    let inputSpeed, outputSpeed: UInt32

    init(_ settings: termios) {
        input = settings.c_iflag
        output = settings.c_oflag
        control = settings.c_cflag
        local = settings.c_lflag
        line = settings.c_line
        characters = withUnsafeBytes(of: settings.c_cc) { Array($0) }
        inputSpeed = settings.c_ispeed
        outputSpeed = settings.c_ospeed
    }

    var description: String { "iflag \(input) oflag \(output) cflag \(control) lflag \(local) line \(line) cc \(characters) speeds \(inputSpeed)/\(outputSpeed)" }
}

extension Array where Element == UInt8 {
    /// Whether `text`'s bytes occur in these bytes.
    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
