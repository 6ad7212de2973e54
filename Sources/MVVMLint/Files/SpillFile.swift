#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Holds what a run's files leave for the project phase, encoded, in a temporary file until
/// that phase reads it: each file's facts and its pending findings. Both grow with the files,
/// and held as values they were the largest part of a run's memory that does: the facts are
/// still growing while the largest syntax trees are parsed, and most pending findings are never
/// reported (a condition on a role no type has). In a file they leave the process's own memory;
/// where the temporary folder is a `tmpfs` they still take the machine's (and a container's)
/// memory, but pages the system can swap or drop.
///
/// The file is made with `mkstemp` (owner-only, never an existing file; closed on `exec`) and
/// unlinked at once, so nothing is left on disk however the run ends. Writes are gathered into a
/// bounded buffer. If the file cannot be made, unlinked or written, or a file size limit is set
/// (writing past it would end the process), the bytes stay in memory: a full disk costs
/// memory, never a fact or a finding.
final class SpillFile: @unchecked Sendable {
    /// Where one block of bytes is: in the spill file, or kept in memory.
    enum Place: Sendable {
        case spilled(offset: Int, count: Int)
        case held([UInt8])
    }

    // `buffer`, `written` and `isBroken` are only touched while holding `lock`; the descriptor
    // is read with `pread`, which needs no lock.
    private let lock = NSLock()
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var written = 0
    private var isBroken = false
    /// How much is gathered before one write.
    let bufferSize: Int

    /// Opens a spill file in the system's temporary folder; `nil` if none can be made or a file
    /// size limit is set.
    convenience init?() {
        guard ResourceLimit.fileSize.current == nil else { return nil }
        var template = Array((NSTemporaryDirectory() + "/mvvm-spill.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        // Glibc's module has no `mkostemp`; a lint starts no process while it runs, so marking
        // the descriptor next is as good.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard unlink(path) == 0 else {
            close(descriptor)
            return nil
        }
        self.init(descriptor: descriptor)
    }

    /// A spill into `descriptor`, which it closes when it goes; for tests, a device that fails
    /// every write (`/dev/full`) or a small buffer.
    init(descriptor: Int32, bufferSize: Int = 1 << 18) {
        self.descriptor = descriptor
        self.bufferSize = bufferSize
        buffer.reserveCapacity(bufferSize)
    }

    deinit {
        close(descriptor)
    }

    /// The room the buffer holds now, which stays at ``bufferSize`` unless a single chunk is
    /// larger.
    var bufferCapacity: Int {
        lock.withLock { buffer.capacity }
    }

    /// Keeps `bytes` and says where they are.
    func keep(_ bytes: [UInt8]) -> Place {
        lock.withLock {
            guard !isBroken else { return .held(bytes) }
            // Written out before these bytes would grow the buffer past the room it was made
            // with: grown once, it would keep the larger room to the end of the run.
            if !buffer.isEmpty && buffer.count + bytes.count > bufferSize && !flushLocked() {
                // The buffer keeps what it gathered, and their places read from it; these bytes
                // and what comes next stay in memory.
                isBroken = true
                return .held(bytes)
            }
            let offset = written + buffer.count
            buffer += bytes
            if buffer.count >= bufferSize && !flushLocked() {
                // The buffer keeps what it gathered, these bytes too, and their places read from
                // it; what comes next stays in memory.
                isBroken = true
            }
            return .spilled(offset: offset, count: bytes.count)
        }
    }

    /// The bytes kept at `place`. A spill file that cannot give back what it took (an I/O
    /// error on a file this process wrote a moment ago) stops the run: facts and findings are never
    /// dropped in silence.
    func bytes(at place: Place) -> [UInt8] {
        Self.bytes(at: place, in: self)
    }

    /// The bytes kept at `place`, by `spill` where they were spilled.
    static func bytes(at place: Place, in spill: SpillFile?) -> [UInt8] {
        switch place {
        case .held(let bytes):
            return bytes
        case .spilled(let offset, let count):
            guard let spill else { preconditionFailure("bytes were spilled without a spill file") }
            return spill.read(offset: offset, count: count)
        }
    }

    private func read(offset: Int, count: Int) -> [UInt8] {
        let inBuffer: [UInt8]? = lock.withLock {
            // Not written yet: still in the buffer.
            offset >= written ? Array(buffer[(offset - written)..<(offset - written + count)]) : nil
        }
        if let inBuffer { return inBuffer }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { preconditionFailure("the spill file of this run could not be read back") }
            done += read
        }
        return bytes
    }

    /// Writes the buffer out; false if the file cannot take it.
    private func flushLocked() -> Bool {
        var done = 0
        let ok = buffer.withUnsafeBytes { raw -> Bool in
            while done < raw.count {
                let count = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(written + done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        guard ok else { return false }
        written += buffer.count
        // A chunk larger than the buffer grew it; the room it was made with is what is kept.
        if buffer.capacity > 2 * bufferSize {
            buffer = []
            buffer.reserveCapacity(bufferSize)
        } else {
            buffer.removeAll(keepingCapacity: true)
        }
        return true
    }
}
