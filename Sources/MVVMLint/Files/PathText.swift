import Foundation

/// Path arithmetic on the bytes of a path, where the path needs no cleaning; Foundation's answer
/// otherwise. Foundation cleans the whole path again on every call, which cost as much as a
/// rule when asked once for each file of a run.
enum PathText {
    /// The folder `path` is in, as `NSString.deletingLastPathComponent` gives it: `""` for a
    /// bare name, `/` for a name at the root, doubled and trailing slashes dropped. Never asks
    /// Foundation, whose answer traps on a one-character name (`r`, `a/`, `./`).
    static func parent(of path: String) -> String {
        var text = path
        return text.withUTF8 { bytes in
            if let lastSlash = lastPlainSlash(in: bytes) {
                switch lastSlash {
                case -1: return ""
                case 0: return "/"
                default: return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<lastSlash]), as: UTF8.self)
                }
            }
            return cleanedParent(of: bytes)
        }
    }

    /// ``parent(of:)`` for a path with a doubled or trailing slash: its non-empty components but
    /// the last, joined by single slashes.
    private static func cleanedParent(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        let slash = UInt8(ascii: "/")
        let components = bytes.split(separator: slash, omittingEmptySubsequences: true)
        // Foundation's answers for slashes alone: `/` for one, `` for more.
        guard !components.isEmpty else { return bytes.count == 1 ? "/" : "" }
        let isAbsolute = bytes.first == slash
        let kept = components.dropLast().map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
        let joined = kept.joined(separator: "/")
        return isAbsolute ? "/" + joined : joined
    }

    /// Where the last slash of `bytes` is (-1 for none) when no slash is doubled or trailing;
    /// `nil` otherwise, for Foundation to clean.
    private static func lastPlainSlash(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var lastSlash = -1
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            if lastSlash >= 0 && lastSlash == index - 1 { return nil }
            lastSlash = index
        }
        return lastSlash >= 0 && lastSlash == bytes.count - 1 ? nil : lastSlash
    }

    /// `folder/name`, as Foundation joins them. A folder with no doubled or trailing slash (every
    /// folder the walk itself makes) is joined with a slash: Foundation cleans the whole path
    /// again for each entry, a large share of discovery.
    static func joined(_ folder: String, _ name: String) -> String {
        var text = folder
        let isPlain = text.withUTF8 { !$0.isEmpty && lastPlainSlash(in: $0) != nil }
        return isPlain ? joining(folder, name) : (folder as NSString).appendingPathComponent(name)
    }

    /// `folder/name` as bytes, whatever either holds: made at its final size, in one copy of
    /// each part. Every path a walk finds is kept until the run ends, and appending leaves room
    /// to grow that a path never uses.
    static func joining(_ folder: String, _ name: String) -> String {
        var folder = folder, name = name
        return folder.withUTF8 { folderBytes in
            name.withUTF8 { nameBytes in
                let count = folderBytes.count + 1 + nameBytes.count
                return String(unsafeUninitializedCapacity: count) { path in
                    _ = path.initialize(fromContentsOf: folderBytes)
                    path[folderBytes.count] = UInt8(ascii: "/")
                    _ = path[(folderBytes.count + 1)...].initialize(fromContentsOf: nameBytes)
                    return count
                }
            }
        }
    }

    /// The last component of `path`, as `NSString.lastPathComponent` gives it: the name after
    /// the last slash, or the whole of a bare name.
    static func lastComponent(of path: String) -> String {
        var text = path
        // An empty path is Foundation's to answer too.
        let name: String? = text.withUTF8 { bytes in
            guard !bytes.isEmpty, let lastSlash = lastPlainSlash(in: bytes) else { return nil }
            return lastSlash < 0 ? path : String(decoding: UnsafeBufferPointer(rebasing: bytes[(lastSlash + 1)...]), as: UTF8.self)
        }
        return name ?? (path as NSString).lastPathComponent
    }

    /// `path` made absolute against `currentDirectory`, where Foundation's standardising would
    /// give the same bytes: no empty, `.` or `..` component, no trailing `/`, and not under
    /// `/private` or `/var/automount`, whose prefix Foundation takes off. `nil` where Foundation
    /// must standardise it.
    static func cleanAbsolute(_ path: String, in currentDirectory: String) -> String? {
        let joined = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        guard isClean(joined) else { return nil }
        for prefix in ["/private", "/var/automount"] where joined == prefix || joined.hasPrefix(prefix + "/") {
            return nil
        }
        return joined
    }

    /// `path` made absolute against `currentDirectory`: by its bytes where it is clean
    /// (``cleanAbsolute(_:in:)``), standardised by Foundation otherwise.
    /// The absolute, standardised `path` from the absolute `folder`: climbing out of it with
    /// `..` where it lies outside; empty for the folder itself.
    static func climbing(to path: String, from folder: String) -> String {
        let pathParts = path.split(separator: "/"), folderParts = folder.split(separator: "/")
        var shared = 0
        while shared < min(pathParts.count, folderParts.count), pathParts[shared] == folderParts[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: folderParts.count - shared) + pathParts[shared...].map(String.init)
        return parts.joined(separator: "/")
    }

    static func absolute(_ path: String, in currentDirectory: String) -> String {
        cleanAbsolute(path, in: currentDirectory)
            ?? URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)).standardizedFileURL.path
    }

    /// The length in bytes of `path`'s folder as written, up to and with its last slash: 0 for a
    /// bare name. Found in the bytes in place: asked of every path a run looks up.
    static func writtenFolderLength(of path: String) -> Int {
        var path = path
        return path.withUTF8 { bytes in bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0 }
    }

    /// A path's folder as written (``writtenFolderLength(of:)``), as a key: equal and hashed by its
    /// bytes, as two spellings of a name are two folders. It keeps the path and the length of its
    /// folder, so making one to look up a path copies and slices nothing.
    struct FolderKey: Hashable, Sendable {
        private let path: String
        /// The length in bytes of the folder with its slash: 0 for a bare name.
        private let length: Int

        /// The folder `path` is written in.
        init(of path: String) {
            self.path = path
            length = PathText.writtenFolderLength(of: path)
        }

        static func == (first: FolderKey, second: FolderKey) -> Bool {
            first.length == second.length && first.withFolderBytes { one in
                second.withFolderBytes { other in one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0 }
            }
        }

        func hash(into hasher: inout Hasher) {
            withFolderBytes { hasher.combine(bytes: $0) }
        }

        /// Calls `body` with the folder's bytes, in place.
        private func withFolderBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
            var path = path
            return path.withUTF8 { body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer($0).prefix(length))) }
        }
    }

    /// Follows paths taken in order and tells which continue a run of files written in one
    /// folder: discovery lists a folder's files together, and what depends only on a file's
    /// folder (its module, its settings) is then worked out once per run.
    struct FolderRun {
        private var folder: FolderKey?

        /// Whether `path` is written in the same folder as the path before it.
        mutating func continues(with path: String) -> Bool {
            let written = FolderKey(of: path)
            if written == folder {
                return true
            }
            folder = written
            return false
        }
    }

    /// Whether an absolute path has no empty, `.` or `..` component and no trailing `/`; a byte
    /// scan, since Foundation's substring search cost more than the rest of the module look-up.
    static func isClean(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var componentLength = 0
            var dots = 0
            var isFirst = true
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if !isFirst && (componentLength == 0 || dots == componentLength && dots <= 2) {
                        return false
                    }
                    isFirst = false
                    componentLength = 0
                    dots = 0
                } else {
                    componentLength += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return !isFirst && componentLength > 0 && !(dots == componentLength && dots <= 2)
        }
    }
}
