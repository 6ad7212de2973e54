import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a scaffold's files all at once or not at all: each file goes to a temporary file in its
/// folder first; only when every one is written are they renamed into place, and a failure part
/// way restores what was there. Only regular files are ever replaced: a symbolic link (even a
/// broken one), a FIFO or a device where a file is to go stops the write before anything changes.
public struct ScaffoldWriter {
    /// Where the sources go.
    public var sourcesFolder: URL
    /// Where the tests go.
    public var testsFolder: URL

    /// Creates a writer for the two folders.
    public init(sourcesFolder: URL, testsFolder: URL) {
        self.sourcesFolder = sourcesFolder.standardizedFileURL
        self.testsFolder = testsFolder.standardizedFileURL
    }

    /// The final location of each file, checked to stay inside its folder.
    public func plan(_ files: [ScaffoldFile]) throws(ScaffoldError) -> [(url: URL, contents: String)] {
        try files.map { file throws(ScaffoldError) in
            let folder = file.destination == .sources ? sourcesFolder : testsFolder
            let url = folder.appendingPathComponent(file.name).standardizedFileURL
            // Names may hold subfolders (an Xcode template's folder), never a way out.
            guard url.path.hasPrefix(folder.path + "/") else {
                throw .pathEscapes(file.name, folder: folder.path)
            }
            return (url, file.contents)
        }
    }

    /// Writes the files. Without `force`, nothing is written if any of them exists.
    ///
    /// - Returns: The paths written.
    @discardableResult
    public func write(_ files: [ScaffoldFile], force: Bool) throws(ScaffoldError) -> [URL] {
        let planned = try plan(files)
        let fileManager = FileManager.default
        // What is at each path itself, links not followed: a broken link is something there too.
        var existing: [URL] = []
        for url in planned.map(\.url) {
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: existing.append(url)
            case S_IFDIR: throw .writeFailed(url.path, reason: "a folder is in the way")
            case S_IFLNK: throw .notARegularFile(url.path, kind: "a symbolic link")
            case S_IFIFO: throw .notARegularFile(url.path, kind: "a FIFO (named pipe)")
            case S_IFCHR, S_IFBLK: throw .notARegularFile(url.path, kind: "a device")
            default: throw .notARegularFile(url.path, kind: "not a regular file")
            }
        }
        if !force && !existing.isEmpty {
            throw .wouldOverwrite(existing.map(\.path))
        }

        // 1. Every file to a temporary sibling; any failure removes them all, and the folders
        // this run created.
        var staged: [(temporary: URL, final: URL)] = []
        var createdFolders: [URL] = []
        for (url, contents) in planned {
            let temporary = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).mvvm-new-\(UUID().uuidString)")
            do {
                if let created = Self.firstMissingFolder(above: url) {
                    try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    createdFolders.append(created)
                }
                try Data(contents.utf8).write(to: temporary)
            } catch {
                staged.forEach { try? fileManager.removeItem(at: $0.temporary) }
                try? fileManager.removeItem(at: temporary)
                createdFolders.reversed().forEach { try? fileManager.removeItem(at: $0) }
                throw .writeFailed(url.path, reason: Self.reason(error, writing: url))
            }
            staged.append((temporary, url))
        }

        // 2. Into place, keeping each replaced file until all are in.
        var placed: [(final: URL, backup: URL?)] = []
        for (temporary, final) in staged {
            var backup: URL?
            do {
                var info = stat()
                if lstat(final.path, &info) == 0 {
                    let saved = final.deletingLastPathComponent()
                        .appendingPathComponent(".\(final.lastPathComponent).mvvm-backup-\(UUID().uuidString)")
                    try fileManager.moveItem(at: final, to: saved)
                    backup = saved
                }
                try fileManager.moveItem(at: temporary, to: final)
                placed.append((final, backup))
            } catch {
                // Put everything back as it was.
                if let backup { try? fileManager.moveItem(at: backup, to: final) }
                for (done, saved) in placed.reversed() {
                    try? fileManager.removeItem(at: done)
                    if let saved { try? fileManager.moveItem(at: saved, to: done) }
                }
                staged.forEach { try? fileManager.removeItem(at: $0.temporary) }
                createdFolders.reversed().forEach { try? fileManager.removeItem(at: $0) }
                throw .writeFailed(final.path, reason: Self.reason(error, writing: final))
            }
        }
        for case let (_, backup?) in placed {
            try? fileManager.removeItem(at: backup)
        }
        return placed.map(\.final)
    }

    /// The outermost folder above `url` that does not exist yet, if any.
    private static func firstMissingFolder(above url: URL) -> URL? {
        var missing: URL?
        var folder = url.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path) {
            missing = folder
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return missing
    }

    private static func reason(_ error: any Error, writing url: URL) -> String {
        // Foundation reports a file where a folder must be as its error 512, with no cause.
        var folder = url.deletingLastPathComponent()
        while folder.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                if !isFolder.boolValue {
                    return "'\(folder.path)' is a file, not a folder"
                }
                break
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        // The system's own words ("Not a directory") say more than Foundation's error 512.
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedFailureReason ?? nsError.localizedDescription
    }
}
