#if canImport(Glibc)
import Glibc
#endif

/// Hands the pages of freed memory back to the system between the file phase and the project
/// phase.
///
/// The file phase frees each syntax tree when its facts are taken, but the C allocator keeps
/// the freed pages: the facts gathered meanwhile sit between them, so little of it is at the
/// top of the heap where it could be trimmed. The project phase then asks for new memory of its
/// own (the index, the pending findings read back) beside those kept pages, and the run's peak
/// grows by what it asks. Returning the free pages first lets the project phase reuse them.
enum FreeMemory {
    /// Returns the free pages of every allocator arena to the system (glibc's `malloc_trim`).
    static func returnToSystem() {
        #if canImport(Glibc)
        // `malloc_trim` is not in the Glibc module (malloc.h is not part of it), so it is looked
        // up, as `mallopt` is for the arena limit.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
