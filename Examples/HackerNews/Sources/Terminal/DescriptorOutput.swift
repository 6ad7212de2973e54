#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Text written to a file descriptor with write(2), whole: the terminal and `hn`'s standard
/// streams both write this way, since `FileHandle` traps on a closed or broken descriptor.
public enum DescriptorOutput {
    /// Writes all of `text` to `descriptor`, retrying short and interrupted writes.
    ///
    /// - Returns: `nil`, or the `errno` of the write that failed.
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Darwin)
                Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
