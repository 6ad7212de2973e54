#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A soft limit the process runs under (`ulimit -f`, `ulimit -v`).
enum ResourceLimit {
    /// The largest file the process may write.
    case fileSize
    /// The address space the process may map.
    case addressSpace

    /// The limit in bytes, or `nil` when there is none (or it cannot be read).
    var current: Int? {
        // `RLIM_INFINITY`, which the C modules cannot import: all bits set, or on Darwin all but
        // the top one.
        #if canImport(Darwin)
        let resource = self == .fileSize ? RLIMIT_FSIZE : RLIMIT_AS, unlimited = rlim_t(Int64.max)
        #elseif canImport(Glibc)
        let resource = __rlimit_resource_t((self == .fileSize ? RLIMIT_FSIZE : RLIMIT_AS).rawValue), unlimited = rlim_t.max
        #else
        let resource = self == .fileSize ? RLIMIT_FSIZE : RLIMIT_AS, unlimited = rlim_t.max
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < unlimited else { return nil }
        return Int(clamping: limit.rlim_cur)
    }
}
