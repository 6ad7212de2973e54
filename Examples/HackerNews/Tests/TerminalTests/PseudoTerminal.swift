import CommandTestSupport
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs the real `hn` executable on a pseudo-terminal: keys go in as bytes, and the screen comes
/// out as the text of the last frame it drew.
///
/// The waits block in poll(2), so they run on a thread of their own rather than on one of Swift
/// concurrency's few shared threads, which every other test's tasks need.
// One test drives a terminal, one call at a time: `output` is never touched by two threads at once.
final class PseudoTerminal: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let master: Int32
    let slave: Int32
    let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private(set) var output: [UInt8] = []
    /// The terminal settings before `hn` started.
    let originalSettings: termios

    init(arguments: [String] = [], rows: UInt16 = 24, columns: UInt16 = 80) throws {
        (master, slave) = try Self.openPair()
        var settings = termios()
        tcgetattr(slave, &settings)
        originalSettings = settings
        resize(rows: rows, columns: columns)
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("hn")
        process.arguments = arguments
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        close(master)
        close(slave)
    }

    /// Sets the window size, as a terminal emulator does when its window changes.
    func resize(rows: UInt16, columns: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        #if canImport(Darwin)
        _ = ioctl(master, TIOCSWINSZ, &size)
        #else
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        #endif
    }

    /// Types `text`.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Sends `signal` to `hn`, as the shell or the terminal would.
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Reads output until the last complete frame satisfies `condition`, and returns that frame's
    /// lines. Waits on the terminal with poll(2), so it wakes as soon as output arrives.
    @discardableResult
    func screen(
        within timeout: Duration = .seconds(30),
        until condition: @escaping @Sendable ([String]) -> Bool
    ) async throws -> [String] {
        try await onOwnThread { try self.waitForScreen(within: timeout, until: condition) }
    }

    private func waitForScreen(within timeout: Duration, until condition: ([String]) -> Bool) throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let frame = Self.lastFrame(in: output), condition(frame) {
                return frame
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, readAvailable(waitingAtMost: remaining) else {
                let last = Self.lastFrame(in: output)?.joined(separator: "\n") ?? "(no frame)"
                throw Failure(description: "the screen did not show what was expected; the last frame was:\n\(last)")
            }
        }
    }

    /// Reads output until the bytes written after the first `offset` satisfy `condition`.
    func output(
        after offset: Int, within timeout: Duration = .seconds(30),
        until condition: @escaping @Sendable (ArraySlice<UInt8>) -> Bool
    ) async throws {
        try await onOwnThread { try self.waitForOutput(after: offset, within: timeout, until: condition) }
    }

    private func waitForOutput(after offset: Int, within timeout: Duration, until condition: (ArraySlice<UInt8>) -> Bool) throws {
        let deadline = ContinuousClock.now + timeout
        while !condition(output[min(offset, output.count)...]) {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, readAvailable(waitingAtMost: remaining) else {
                throw Failure(description: "hn did not write what was expected; it wrote:\n\(text.debugDescription)")
            }
        }
    }

    #if os(Linux)
    /// Reads output until the kernel reports `hn` stopped (state `T` in /proc), checking each
    /// time output arrives and at least every tenth of a second.
    func waitUntilStopped(within timeout: Duration = .seconds(30)) async throws {
        let path = "/proc/\(process.processIdentifier)/stat"
        try await onOwnThread {
            let deadline = ContinuousClock.now + timeout
            while true {
                // The state follows the command's name in parentheses: "PID (hn) T ...".
                let stat = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "T" {
                    return
                }
                guard ContinuousClock.now < deadline else {
                    throw Failure(description: "hn did not stop: \(stat)")
                }
                _ = self.readAvailable(waitingAtMost: .milliseconds(100))
            }
        }
    }
    #endif

    /// Reads whatever `hn` has written and not yet been read, without waiting: once it is
    /// stopped, everything it wrote before stopping.
    func readWaiting() {
        while readAvailable(waitingAtMost: .zero) {}
    }

    /// How many bytes `hn` has written so far.
    var outputCount: Int { output.count }

    /// Waits for `hn` to exit and collects the rest of its output; returns its exit status.
    func waitForExit(within timeout: Duration = .seconds(30)) async throws -> Int32 {
        try await onOwnThread { try self.waitForExitBlocking(within: timeout) }
    }

    private func waitForExitBlocking(within timeout: Duration) throws -> Int32 {
        let seconds = Double(timeout.components.seconds)
        guard exited.wait(timeout: .now() + seconds) == .success else {
            throw Failure(description: "hn did not exit")
        }
        while readAvailable(waitingAtMost: .zero) {}
        return process.terminationStatus
    }

    /// The terminal's current settings.
    var settings: termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Whether the terminal is in canonical mode with echo, as a shell expects it.
    var isCooked: Bool {
        let flags = settings.c_lflag
        return flags & tcflag_t(ICANON) != 0 && flags & tcflag_t(ECHO) != 0
    }

    /// The output as text.
    var text: String {
        String(decoding: output, as: UTF8.self)
    }

    private func readAvailable(waitingAtMost timeout: Duration) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        output += buffer[..<count]
        return true
    }

    /// The lines of the last frame drawn completely: a frame starts by moving home (`ESC [ H`)
    /// and ends by clearing below (`ESC [ J`); other escape sequences are dropped.
    static func lastFrame(in output: [UInt8]) -> [String]? {
        let home: [UInt8] = [0x1B, 0x5B, 0x48], clear: [UInt8] = [0x1B, 0x5B, 0x4A]
        guard let end = lastRange(of: clear, in: output[...]),
              let start = lastRange(of: home, in: output[..<end.lowerBound]) else { return nil }
        var text: [UInt8] = []
        var index = start.upperBound
        while index < end.lowerBound {
            if output[index] == 0x1B, index + 1 < end.lowerBound, output[index + 1] == 0x5B {
                index += 2
                while index < end.lowerBound, !(0x40...0x7E).contains(output[index]) { index += 1 }
                index += 1
            } else {
                text.append(output[index])
                index += 1
            }
        }
        return String(decoding: text, as: UTF8.self).components(separatedBy: "\r\n")
    }

    private static func lastRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        var index = haystack.endIndex - needle.count
        while index >= haystack.startIndex {
            if haystack[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            index -= 1
        }
        return nil
    }

    private static func openPair() throws -> (Int32, Int32) {
        #if canImport(Darwin)
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw Failure(description: "no pseudo-terminal")
        }
        let path = String(cString: name)
        #else
        // Glibc's module hides the XSI pseudo-terminal functions; they are in the C library all the same.
        typealias Descriptor = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        let library = dlopen(nil, RTLD_NOW)
        guard let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
              let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname_r") else {
            throw Failure(description: "the C library has no pseudo-terminal functions")
        }
        let master = unsafeBitCast(openSymbol, to: Descriptor.self)(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 256)
        guard master >= 0, unsafeBitCast(grantSymbol, to: Descriptor.self)(master) == 0,
              unsafeBitCast(unlockSymbol, to: Descriptor.self)(master) == 0,
              unsafeBitCast(nameSymbol, to: Name.self)(master, &name, name.count) == 0 else {
            throw Failure(description: "no pseudo-terminal")
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
        let slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            throw Failure(description: "cannot open \(path)")
        }
        return (master, slave)
    }
}
