import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Applies the edits of fixable diagnostics to files on disk, safely.
///
/// The file must be unchanged since it was linted and the result must parse with no new errors.
/// It is rewritten in place, through symbolic links, so it stays the same file: owner, group,
/// mode, extended attributes (ACLs) and hard links are kept. Its text is compared once more
/// through the open file just before the first byte is written, and the room a longer text
/// needs is written first, so that a full disk fails before any of the old text is overwritten.
/// A read-only file, or one that is not a regular file, is refused.
public struct FileFixer {
    /// What happened to one file.
    public enum Outcome: Equatable, Sendable {
        /// The file was rewritten with this many edits.
        case fixed(edits: Int)
        /// The file changed on disk after it was read; it was left alone.
        case changedOnDisk
        /// The edited text would not parse; the file was left alone.
        case wouldNotParse
        /// The file may not be changed (read-only, or not a regular file); the reason says why.
        case refused(String)
        /// Writing failed; the file is as it was.
        case writeFailed(String)
    }

    /// The UTF-8 byte-order mark, which some editors put at the start of a file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Called at each step of a file's rewrite (0 before the first byte, 1 after the part beyond
    /// the old end, 2 after the old bytes are overwritten), so that a test executable can send
    /// a signal at the worst moment. Never set by the tool itself.
    @_spi(Testing) nonisolated(unsafe) public static var writeStep: (@Sendable (Int) -> Void)?

    /// Called after the fix was worked out and before the last look at the file: lets a test
    /// change the file at the worst moment.
    var beforeWriting: (() -> Void)?

    /// Called at each step of the rewrite, like ``writeStep``, but for this fixer only: lets a
    /// test append to the file while it is written.
    var duringWrite: ((Int) -> Void)?

    /// The most bytes another program may append to a file while it is fixed; more, and the
    /// fix is given up before anything is written.
    static let appendLimit = 1 << 20

    /// How long a fix waits for another run's lock on the file: far longer than one file's
    /// rewrite takes, short enough that a process holding the lock forever cannot hang the run.
    var lockWait = Duration.seconds(10)

    /// Creates a fixer.
    public init() {}

    /// Applies `edits` to the text `original` (overlapping edits after the first are skipped).
    /// Line breaks in an edit's text take the style (LF, CRLF or CR) of the line it lands on.
    public static func apply(_ edits: [TextEdit], to original: String) -> String {
        var bytes = Array(original.utf8)
        var applied: [TextEdit] = []
        for edit in Set(edits).sorted() {
            // Offsets come from the cache too: checked without arithmetic that could overflow.
            guard edit.offset >= 0, edit.length >= 0, edit.offset <= bytes.count, edit.length <= bytes.count - edit.offset else {
                continue
            }
            if let last = applied.last, edit.offset < last.offset + last.length { continue }
            applied.append(edit)
        }
        // Back to front, so earlier offsets stay valid.
        for edit in applied.reversed() {
            let replacement = lineBreaks(of: edit.replacement, as: lineBreak(near: edit.offset, in: bytes))
            bytes.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: replacement)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line break the file uses around `offset`: the one ending that line, else the one
    /// before it, else LF.
    static func lineBreak(near offset: Int, in bytes: [UInt8]) -> [UInt8] {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        if let next = bytes[offset...].firstIndex(where: { $0 == cr || $0 == lf }) {
            return bytes[next] == lf ? [lf] : (next + 1 < bytes.count && bytes[next + 1] == lf ? [cr, lf] : [cr])
        }
        if let previous = bytes[..<offset].lastIndex(where: { $0 == cr || $0 == lf }) {
            return bytes[previous] == cr ? [cr] : (previous > 0 && bytes[previous - 1] == cr ? [cr, lf] : [lf])
        }
        return [lf]
    }

    /// `text` with each of its line breaks (LF, CRLF or CR) written as `lineBreak`.
    static func lineBreaks(of text: String, as lineBreak: [UInt8]) -> [UInt8] {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == cr || $0 == lf }) else { return bytes }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == cr || byte == lf {
                result += lineBreak
                index += byte == cr && index + 1 < bytes.count && bytes[index + 1] == lf ? 2 : 1
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    /// Fixes the file at `path`, which had the text `linted` when it was linted (after any
    /// byte-order mark, which is kept).
    public func fix(path: String, linted: String, edits: [TextEdit]) -> Outcome {
        var info = stat()
        guard stat(path, &info) == 0 else { return .changedOnDisk }
        if let refusal = Self.refusal(info, path: path) { return .refused(refusal) }
        // Links followed: the real file is fixed and the link stays a link.
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == EACCES || errno == EPERM || errno == EROFS ? .refused("it cannot be opened for writing") : .changedOnDisk
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, FileKind(mode: opened.st_mode) == .regular,
              FileIdentity(opened) == FileIdentity(info) else {
            return .changedOnDisk
        }
        guard let original = Self.contents(of: descriptor) else { return .changedOnDisk }
        let mark = original.starts(with: Self.byteOrderMark) && original.dropFirst(3).elementsEqual(linted.utf8) ? Self.byteOrderMark : []
        guard !mark.isEmpty || original.elementsEqual(linted.utf8) else { return .changedOnDisk }

        let fixed = Self.apply(edits, to: linted)
        guard fixed != linted else { return .fixed(edits: 0) }
        guard Self.parses(fixed, asWellAs: linted) else { return .wouldNotParse }
        beforeWriting?()
        // Another `mvvm --fix` over the same file (an editor's fix-on-save beside a terminal run)
        // takes the same lock, so the last look below and the writes are one step for both: the
        // second run sees the first one's text and leaves the file alone, instead of taking the
        // first run's new end for lines another program appended and writing it twice.
        guard FileLock.exclusive(descriptor, waitingAtMost: lockWait) else {
            return .refused("another program kept it locked for \(lockWait)")
        }
        defer { FileLock.release(descriptor) }
        // A last look, through the open file and at the path: an edit made while the fix was
        // worked out wins, whether the editor wrote in place or saved a new file over the name.
        guard FileIdentity(path: path) == FileIdentity(opened), Self.contents(of: descriptor) == original else {
            return .changedOnDisk
        }
        // A signal that ends the process waits until the file holds the whole fixed text.
        let failure = SignalHold.during { Self.overwrite(descriptor, old: original, new: mark + Array(fixed.utf8), step: duringWrite) }
        if let failure {
            return .writeFailed(failure)
        }
        return .fixed(edits: Set(edits).count)
    }

    /// Why the file with status `info` at `path` may not be fixed, or `nil` when it may: the
    /// checks a fix makes before it opens the file, which a dry run makes too.
    static func refusal(_ info: stat, path: String) -> String? {
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else { return "it is \(kind.phrase)" }
        // Root may write anything: the mode bits, not access(2), say whether the file is meant
        // to be changed.
        guard info.st_mode & 0o222 != 0, access(path, W_OK) == 0 else { return "it is read-only" }
        return nil
    }

    /// Whether `fixed` parses with no error that `linted` does not have. The original is parsed
    /// again only when the result has errors, to tell new ones from old.
    static func parses(_ fixed: String, asWellAs linted: String) -> Bool {
        !SyntaxDepth.parse(Array(fixed.utf8)).hasError || SyntaxDepth.parse(Array(linted.utf8)).hasError
    }

    /// Everything in the open file from `offset` on, or `nil` if it cannot be read or holds
    /// more than `limit` bytes there.
    static func contents(of descriptor: Int32, from offset: Int = 0, limit: Int = .max) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset + bytes.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit { return nil }
        }
    }

    /// Replaces the file's bytes `old` with `new`, or says why not. What lies beyond the old
    /// end is written first: if that fails (a full disk), the file is cut back to its old size
    /// and nothing of the old text has been touched. Lines another program appends meanwhile
    /// (a log, a generator) are kept after the fixed text: they are read before the first write
    /// and again before the file is cut short, leaving a window of a few system calls.
    static func overwrite(_ descriptor: Int32, old: [UInt8], new: [UInt8], step: ((Int) -> Void)? = nil) -> String? {
        let notify = { (point: Int) in
            step?(point)
            writeStep?(point)
        }
        notify(0)
        guard let appended = contents(of: descriptor, from: old.count, limit: appendLimit) else {
            return "it grew by more than \(appendLimit) bytes while it was being fixed"
        }
        var old = old + appended, new = new + appended
        if new.count > old.count {
            if let failure = write(Array(new[old.count...]), at: old.count, to: descriptor) {
                _ = ftruncate(descriptor, off_t(old.count))
                return failure
            }
        }
        notify(1)
        if let failure = write(Array(new.prefix(old.count)), at: 0, to: descriptor) {
            // The blocks were there before: putting the old text back needs no new room.
            _ = write(old, at: 0, to: descriptor)
            _ = ftruncate(descriptor, off_t(old.count))
            return failure
        }
        notify(2)
        if new.count < old.count {
            // Appended while the old bytes were overwritten: moved down to follow the fixed text,
            // a bounded number of times against a writer that never stops.
            for _ in 0..<4 {
                guard let late = contents(of: descriptor, from: old.count, limit: appendLimit), !late.isEmpty else { break }
                if let failure = write(late, at: new.count, to: descriptor) { return failure }
                old += late
                new += late
            }
            guard ftruncate(descriptor, off_t(new.count)) == 0 else { return systemMessage(errno) }
        }
        guard fsync(descriptor) == 0 else { return systemMessage(errno) }
        return nil
    }

    private static func write(_ bytes: [UInt8], at offset: Int, to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(offset + written)) }
            if count < 0 {
                if errno == EINTR { continue }
                return systemMessage(errno)
            }
            written += count
        }
        return nil
    }
}
