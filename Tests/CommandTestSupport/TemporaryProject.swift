import Foundation

/// A new folder under the temporary directory holding `files` (relative path to text), for a
/// command to run in.
public func temporaryProject(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-project-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
}

/// A temporary project of `files` whose files were last changed `secondsAgo`: long enough ago
/// for a cache to trust their stamps.
public func settledProject(_ files: [String: String], secondsAgo: Double = 100) throws -> URL {
    let project = try temporaryProject(files)
    for path in files.keys {
        try settle(project.appendingPathComponent(path), secondsAgo: secondsAgo)
    }
    return project
}

/// Sets the file's modification time to `secondsAgo`.
public func settle(_ file: URL, secondsAgo: Double = 100) throws {
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: file.path)
}
