import Foundation

/// The largest source file a run reads, from what its syntax tree would cost.
///
/// A tree takes up to about 120 times its file's size (`let a = 1` lines, as generated code has),
/// so without a memory limit a file may be 8 MiB, about a gigabyte of tree. Under an
/// address-space limit (`ulimit -v`, which counts every mapping) the largest tree that still fits
/// beside the program decides instead: before, an 8 MiB file under `ulimit -v 1000000` ended the
/// run (exit 134) and nothing was reported.
enum SourceSizeLimit {
    /// The limit without a memory limit.
    static let standard = 8 << 20

    /// The least a limit is cut to: any run must be able to read ordinary sources.
    static let floor = 1 << 20

    /// Address space a run takes besides its trees and its workers' stacks: the program, its
    /// libraries and the allocator's arenas (a debug build linting with one worker peaked at 91 MiB
    /// on a small package, and each further worker reserves a stack of ``WorkerThreads/stackSize``,
    /// which counts whole).
    static let reserved = 128 << 20

    /// Address space a tree takes per byte of source, at worst: a 2 MiB file of `let a = 1`
    /// added 233 MiB to the peak (111 bytes a byte), with room for the facts made from it.
    static let treeBytesPerSourceByte = 125

    /// The limit for this process, in whole MiB, for as many workers as it has cores (a run's
    /// default; fewer `--jobs` only leave more room). Large files are parsed one at a time
    /// (`ParseBudget`), so one tree is counted.
    static let bytes: Int = limit(addressSpace: ResourceLimit.addressSpace.current, workers: ProcessInfo.processInfo.activeProcessorCount)

    /// The limit under an address-space limit of `addressSpace` bytes (`nil`: none) for a run
    /// with `workers` workers.
    static func limit(addressSpace: Int?, workers: Int) -> Int {
        guard let addressSpace else { return standard }
        let stacks = max(0, workers - 1) * WorkerThreads.stackSize
        let fits = (addressSpace - reserved - stacks) / treeBytesPerSourceByte
        return max(floor, min(standard, fits / (1 << 20) * (1 << 20)))
    }

    /// Whether the limit is lower than ``standard`` because of the process's memory limit.
    static var isLowered: Bool { bytes < standard }
}
