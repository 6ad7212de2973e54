import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The C allocator's arenas, on Linux: glibc gives each thread that allocates its own arena,
/// and memory freed in one is not reused by another. A lint worker's large syntax tree, once
/// freed, would then make no room for the next large tree parsed on another worker, and peak
/// memory would grow with the workers. One arena, though, is one lock: on 16 cores the workers
/// queue on it (290,000 futex calls in one lint, system time 40% of user time).
enum AllocatorArenas {
    /// Limits the arenas to one per two cores, before the workers start: one on a small machine,
    /// where peak memory matters most (with two arenas, 2 jobs peaked at 117 MB instead of 94 MB
    /// on 11,895 files); eight on 16 cores, where the lock would cost more than the memory. On a
    /// lent 16-core machine (15,860 files, 16 jobs) four arenas took 3.1 to 3.4 s, eight 2.8 to
    /// 3.1 s and sixteen 2.8 to 3.2 s, at 548 to 560, 577 to 616 and 620 to 660 MB
    /// (docs/benchmarks.md). glibc's per-thread caches keep the workers that share an arena from
    /// contending on small blocks. An arena count the environment sets (`MALLOC_ARENA_MAX`, or
    /// `glibc.malloc.arena_max` in `GLIBC_TUNABLES`) is left as it is, so other policies can be
    /// measured. Elsewhere, does nothing.
    static func limit(cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        #if canImport(Glibc)
        let environment = ProcessInfo.processInfo.environment
        if environment["MALLOC_ARENA_MAX"] != nil || environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.arena_max") == true {
            return
        }
        // `mallopt` is not in the Glibc module (malloc.h is not part of it), so it is looked up.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let arenaMaximum: Int32 = -8 // M_ARENA_MAX in malloc.h
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximum, Int32(count(cores: cores)))
        #endif
    }

    /// The arenas for `cores` cores: one per two, at least one.
    static func count(cores: Int) -> Int {
        max(1, min(cores, 64) / 2)
    }
}
