#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Holds the encoded pending findings of a run's files in a temporary file until the project
/// phase admits them. Most pending findings are never reported (a condition on a role no type
/// has), and held in memory they were the largest part of a run's memory that grows with its
/// files; in a file they take page cache, which the system can drop, not the process's memory.
///
/// The file is made with `mkstemp` (owner-only, never an existing file) and unlinked at once, so
/// nothing is left on disk however the run ends. Writes are gathered into a bounded buffer. If
/// the file cannot be made or written, the findings stay in memory: a full disk costs memory,
/// never a finding.
final class PendingSpill: @unchecked Sendable {
    /// Where one file's findings are: in the spill file, or kept in memory.
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
    static let bufferSize = 1 << 18

    /// Opens a spill file in the system's temporary folder (`TMPDIR`); `nil` if none can be made.
    init?() {
        var template = Array((NSTemporaryDirectory() + "/mvvm-pending.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        close(descriptor)
    }

    /// Keeps `bytes` and says where they are.
    func keep(_ bytes: [UInt8]) -> Place {
        lock.withLock {
            guard !isBroken else { return .held(bytes) }
            let offset = written + buffer.count
            buffer += bytes
            if buffer.count >= Self.bufferSize && !flushLocked() {
                // The buffer keeps what it gathered, and its places read from it; what comes
                // next stays in memory.
                isBroken = true
                return .held(bytes)
            }
            return .spilled(offset: offset, count: bytes.count)
        }
    }

    /// The bytes kept at `place`. A spill file that cannot give back what it took (an I/O
    /// error on a file this process wrote a moment ago) stops the run: findings are never
    /// dropped in silence.
    func bytes(at place: Place) -> [UInt8] {
        switch place {
        case .held(let bytes):
            return bytes
        case .spilled(let offset, let count):
            let pendingInBuffer: [UInt8]? = lock.withLock {
                // Not written yet: still in the buffer.
                offset >= written ? Array(buffer[(offset - written)..<(offset - written + count)]) : nil
            }
            if let pendingInBuffer { return pendingInBuffer }
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { preconditionFailure("the temporary file of pending findings could not be read back") }
                done += read
            }
            return bytes
        }
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
        buffer.removeAll(keepingCapacity: true)
        return true
    }
}
