#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The terminal the reader draws on: raw mode in and out, the alternate screen, and its size.
///
/// Everything goes through the C library (termios, ioctl, write), so the reader needs no curses.
/// ``restore()`` puts back exactly the settings found, and is safe to call more than once.
public final class RawTerminal {
    /// The terminal's size in character cells.
    public struct Size: Equatable, Sendable {
        /// Rows.
        public var rows: Int
        /// Columns.
        public var columns: Int

        /// Creates a size.
        public init(rows: Int, columns: Int) {
            self.rows = rows
            self.columns = columns
        }
    }

    /// Why the terminal could not be set up.
    public struct SetupError: Error, CustomStringConvertible {
        /// What failed.
        public var description: String
    }

    private let input: Int32
    private let output: Int32
    private var original: termios?
    // The settings found, kept while the reader is stopped so ``resume()`` can take over again.
    private var suspended: termios?

    /// Takes over the terminal on `input` and `output`: raw mode, alternate screen, hidden cursor.
    ///
    /// - Throws: ``SetupError`` when `input` is not a terminal whose settings can be changed.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        self.input = input
        self.output = output
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else {
            throw SetupError(description: "standard input is not a terminal")
        }
        var raw = settings
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            throw SetupError(description: "the terminal refused raw mode")
        }
        original = settings
        Self.keepForFaults(settings, input: input, output: output)
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Signals that end the process on a fault (a trap, a bad access, an abort). No handler can
    /// carry on after one, but one can put the terminal back before the process ends.
    static let faultSignals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Remembers `settings` for the fault handler and installs it, once: a fault (a bug, or a
    /// library trapping on what a server sent) would otherwise leave the shell raw on the
    /// alternate screen. The handler restores, raises the signal again and returns; the handler
    /// is reset on entry (`SA_RESETHAND`), so the fault then ends the process as it would have.
    private static func keepForFaults(_ settings: termios, input: Int32, output: Int32) {
        faultTerminal = FaultTerminal(settings: settings, input: input, output: output)
        for number in faultSignals {
            SignalHandler.set(restoreOnFault, for: number, flags: Int32(truncatingIfNeeded: SA_RESETHAND))
        }
    }

    /// Gives the terminal back as it was found, before the process stops (Ctrl-Z): settings
    /// first, so a shell that sees the main screen also finds its own settings.
    public func suspend() {
        guard var settings = original else { return }
        original = nil
        suspended = settings
        tcsetattr(input, TCSAFLUSH, &settings)
        write("\u{1B}[?25h\u{1B}[?1049l")
    }

    /// Takes the terminal over again after ``suspend()``, when the process continues.
    public func resume() {
        guard let settings = suspended else { return }
        suspended = nil
        var raw = settings
        cfmakeraw(&raw)
        tcsetattr(input, TCSAFLUSH, &raw)
        original = settings
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Puts raw mode back when the settings changed while the reader owns the terminal, as a
    /// shell changes them when the process stops without ``suspend()`` (SIGSTOP). It writes
    /// nothing and keeps typed input; with the settings as they were, it does nothing.
    public func reclaim() {
        guard let settings = original else { return }
        var raw = settings
        cfmakeraw(&raw)
        var current = termios()
        guard tcgetattr(input, &current) == 0 else { return }
        if current.c_iflag != raw.c_iflag || current.c_oflag != raw.c_oflag
            || current.c_cflag != raw.c_cflag || current.c_lflag != raw.c_lflag {
            tcsetattr(input, TCSANOW, &raw)
        }
    }

    deinit {
        restore()
    }

    /// Leaves the alternate screen, shows the cursor and puts back the original settings.
    public func restore() {
        guard var settings = original else { return }
        original = nil
        faultTerminal = nil
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(input, TCSAFLUSH, &settings)
    }

    /// The terminal's size, or 24 by 80 when it does not say.
    public var size: Size {
        var window = winsize()
        #if canImport(Darwin)
        let status = ioctl(output, TIOCGWINSZ, &window)
        #else
        let status = ioctl(output, UInt(TIOCGWINSZ), &window)
        #endif
        guard status == 0, window.ws_row > 0, window.ws_col > 0 else {
            return Size(rows: 24, columns: 80)
        }
        return Size(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }

    /// Writes `text` whole, retrying short writes and interruptions.
    public func write(_ text: String) {
        DescriptorOutput.write(text, to: output)
    }
}

/// What the fault handler needs, set before it is installed.
private struct FaultTerminal {
    var settings: termios
    var input: Int32
    var output: Int32
}

nonisolated(unsafe) private var faultTerminal: FaultTerminal?

// Only async-signal-safe calls: write(2), tcsetattr(3) and raise(3).
private func restoreOnFault(_ number: Int32) {
    if var terminal = faultTerminal {
        let sequence: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
        _ = write(terminal.output, sequence.utf8Start, sequence.utf8CodeUnitCount)
        _ = tcsetattr(terminal.input, TCSAFLUSH, &terminal.settings)
    }
    // The default action is back (SA_RESETHAND): a fault sent with kill(2) takes effect once
    // the handler returns, as a real fault does when its instruction runs again.
    _ = raise(number)
}
