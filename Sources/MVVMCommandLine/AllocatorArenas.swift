import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The C allocator's arenas, on Linux: glibc gives each thread that allocates its own arena,
/// and memory freed in one is not reused by another. A lint worker's large syntax tree, once
/// freed, would then make no room for the next large tree parsed on another worker, and peak
/// memory would grow with the workers.
enum AllocatorArenas {
    /// Makes every thread allocate from one arena (as `MALLOC_ARENA_MAX=1` would), before the
    /// workers start. glibc's per-thread caches keep the workers from contending: a cold lint
    /// takes no longer. An arena count the environment sets (`MALLOC_ARENA_MAX`, or
    /// `glibc.malloc.arena_max` in `GLIBC_TUNABLES`) is left as it is, so the policy can be
    /// measured against others on many cores. Elsewhere, does nothing.
    static func shareOne() {
        #if canImport(Glibc)
        let environment = ProcessInfo.processInfo.environment
        if environment["MALLOC_ARENA_MAX"] != nil || environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.arena_max") == true {
            return
        }
        // `mallopt` is not in the Glibc module (malloc.h is not part of it), so it is looked up.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let arenaMaximum: Int32 = -8 // M_ARENA_MAX in malloc.h
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximum, 1)
        #endif
    }
}
