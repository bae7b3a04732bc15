import Glibc

/// The terminal settings a full-screen app reads keys in: every byte as it is typed.
enum RawMode {
    /// `saved` with echo, line editing, signal keys (Ctrl-C, Ctrl-Z, Ctrl-\ arrive as bytes),
    /// Ctrl-V, flow control (Ctrl-S, Ctrl-Q), CR→LF translation and output processing off; 8-bit
    /// characters; a read returns as soon as one byte is there (`VMIN` 1, `VTIME` 0).
    static func settings(from saved: termios) -> termios {
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INLCR | IGNCR | INPCK | ISTRIP | IXON | PARMRK)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return raw
    }
}
