import Foundation
import Observation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs the interactive reader: reads keys, draws frames, and redraws when an observed view
/// model property changes or the terminal is resized. It ends on `q`, Ctrl-C, end of input or a
/// terminating signal, and the terminal is restored on every one of those paths. A stop signal
/// (Ctrl-Z) restores it too before the process stops; on continuing, the reader takes it over
/// again and redraws.
@MainActor
public final class TerminalSession {
    enum Event: Sendable {
        case key(Key)
        /// An observed property changed since the drawing numbered so.
        case changed(drawing: Int)
        case resized
        case inputEnded
        case signal(Int32)
        /// A stop signal from the keyboard (Ctrl-Z) or `kill -TSTP`.
        case stop(Int32)
        case continued
    }

    // Signals whose default action ends the process: caught, so the terminal is restored first.
    nonisolated static let terminatingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ]
    // Signals whose default action stops the process and that can come while the reader owns
    // the terminal. (SIGTTIN and SIGTTOU come only in the background, where the terminal is
    // someone else's and cannot be restored: they keep their default action.)
    nonisolated static let stoppingSignals = [SIGTSTP]

    private let screen: ReaderScreen
    private let terminal: RawTerminal
    private var lastFrame: [ScreenLine] = []
    // Each drawing registers its own tracking, and only the latest one's change matters: the
    // earlier ones read what the latest drawing read again.
    private var drawings = 0

    /// Creates a session drawing `screen` on `terminal`.
    public init(screen: ReaderScreen, terminal: RawTerminal) {
        self.screen = screen
        self.terminal = terminal
    }

    /// Runs until the user quits; returns the exit status (128 + the signal when one ended it).
    public func run() async -> Int32 {
        let (events, continuation) = AsyncStream<Event>.makeStream()
        defer {
            terminal.restore()
        }
        readKeys(into: continuation)
        watchSignals(into: continuation)
        screen.renderer.size = terminal.size
        draw(continuation)
        for await event in events {
            switch event {
            case .key(.suspend):
                // Raw mode turns off the terminal's own Ctrl-Z (ISIG), so the key stops the
                // reader as SIGTSTP would: terminal restored, then stopped until continued.
                stop(by: SIGTSTP)
            case .key(let key):
                if screen.handle(key) == .quit {
                    return 0
                }
            case .changed(let drawing):
                guard drawing == drawings else { continue }
            case .resized:
                screen.renderer.size = terminal.size
                lastFrame = []
            case .inputEnded:
                return 0
            case .signal(let number):
                return 128 + number
            case .stop(let number):
                stop(by: number)
            case .continued:
                // Stopped some other way (SIGSTOP, or SIGTTOU in the background), the reader
                // finds the settings the shell put back when it stopped: raw mode again.
                terminal.reclaim()
                screen.renderer.size = terminal.size
                lastFrame = []
            }
            draw(continuation)
        }
        return 0
    }

    private func draw(_ continuation: AsyncStream<Event>.Continuation) {
        drawings += 1
        let drawing = drawings
        let frame = withObservationTracking {
            screen.frame()
        } onChange: {
            continuation.yield(.changed(drawing: drawing))
        }
        guard frame != lastFrame else { return }
        lastFrame = frame
        // One write per frame: home, each line cleared to its end, then the rest cleared.
        var text = "\u{1B}[H"
        for (index, line) in frame.enumerated() {
            if index > 0 {
                text += "\r\n"
            }
            text += line.isSelected ? "\u{1B}[7m\(line.text)\u{1B}[0m\u{1B}[K" : "\(line.text)\u{1B}[K"
        }
        text += "\u{1B}[J"
        terminal.write(text)
    }

    /// Restores the terminal, stops the process as `number`'s default action would, and takes
    /// the terminal over again once it is continued: one restore and one take-over per stop.
    /// The `.continued` that SIGCONT's handler sends then finds the terminal already taken.
    private func stop(by number: Int32) {
        terminal.suspend()
        SignalHandler.stopProcess(by: number) {
            terminal.resume()
        }
        screen.renderer.size = terminal.size
        lastFrame = []
    }

    private func readKeys(into continuation: AsyncStream<Event>.Continuation) {
        // A blocking read on its own thread; it ends with the process.
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR {
                    continue
                }
                guard count > 0 else {
                    continuation.yield(.inputEnded)
                    return
                }
                for key in Key.keys(in: Array(buffer[..<count])) {
                    continuation.yield(.key(key))
                }
            }
        }
        thread.start()
    }

    private func watchSignals(into continuation: AsyncStream<Event>.Continuation) {
        // A handler may only do async-signal-safe work, so it writes the signal's number to a
        // pipe that an ordinary thread reads. Left to their default actions, these signals would
        // end the process with the terminal still raw.
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        signalPipe = ends[1]
        for number in [SIGWINCH, SIGCONT] + Self.terminatingSignals + Self.stoppingSignals {
            SignalHandler.set(forwardSignal, for: number, flags: SA_RESTART)
        }
        let reader = ends[0]
        let thread = Thread {
            var number: Int32 = 0
            while read(reader, &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size {
                switch number {
                case SIGWINCH: continuation.yield(.resized)
                case SIGCONT: continuation.yield(.continued)
                case _ where TerminalSession.stoppingSignals.contains(number): continuation.yield(.stop(number))
                default: continuation.yield(.signal(number))
                }
            }
        }
        thread.start()
    }
}

// The pipe the signal handler writes to; set once before any handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

private func forwardSignal(_ number: Int32) {
    var number = number
    _ = write(signalPipe, &number, MemoryLayout<Int32>.size)
}
