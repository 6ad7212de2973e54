import Foundation

/// The folder the cache lives in: kept inside the project, and cleared of what interrupted runs
/// left there.
extension LintCache {
    /// Throws when the nearest existing folder on the way to `folder` leads out of `project`.
    static func checkStaysInside(_ project: String, _ folder: String) throws(FileAccessError) {
        var existing = folder
        while !FileManager.default.fileExists(atPath: existing) {
            let parent = PathText.parent(of: existing)
            guard !parent.isEmpty, parent != existing else { return }
            existing = parent
        }
        guard let real = RealPath.of(existing), let root = RealPath.of(project) else { return }
        guard !RealPath.isInside(real, [root]) else { return }
        throw FileAccessError(path: folder, problem: "leads out of the project through a symbolic link (to '\(PrintableText.escaping(real))')")
    }

    /// How old a temporary cache file must be to count as left by an interrupted run: far
    /// beyond the few seconds a run takes to write the cache, so another run's is never touched.
    static let staleTemporaryAge: TimeInterval = 3_600

    /// Removes the `.NAME.mvvm-<UUID>` files (`NAME` being `url`'s) a run killed while writing
    /// the cache left beside it (SIGKILL, power loss): regular files only, older than ``staleTemporaryAge``.
    static func removeStaleTemporaries(beside url: URL) {
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).mvvm-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let now = Date().timeIntervalSince1970
        for name in names where name.hasPrefix(prefix) && UUID(uuidString: String(name.dropFirst(prefix.count))) != nil {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .regular else { continue }
            #if canImport(Darwin)
            let modified = TimeInterval(info.st_mtimespec.tv_sec)
            #else
            let modified = TimeInterval(info.st_mtim.tv_sec)
            #endif
            guard now - modified > staleTemporaryAge else { continue }
            unlink(path)
        }
    }
}
