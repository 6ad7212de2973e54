import Foundation

/// Paths with their links resolved, to tell where a path really leads.
enum RealPath {
    /// `path` with every link resolved, or `nil` if it cannot be (it does not exist).
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is one of `roots` or inside one (all absolute, without `.` or `..`).
    static func isInside(_ path: String?, _ roots: [String]) -> Bool {
        guard let path else { return false }
        return roots.contains { root in path == root || path.hasPrefix(root == "/" ? "/" : root + "/") }
    }
}
