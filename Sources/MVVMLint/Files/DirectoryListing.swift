#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A folder's entries as the system lists them, each with its kind when the listing says it: a
/// walk then needs no `stat` for the regular files and folders it skips or enters, which on a
/// large tree were most of discovery's system calls.
enum DirectoryListing {
    /// One entry: its name, and `.regular` or `.directory` when the listing says so (`nil` for
    /// links, other kinds, and file systems that do not say).
    struct Entry: Sendable {
        var name: String
        var kind: FileKind?
        /// The entry's status, links followed, for the entries the reader asked about; `nil` for
        /// the others and where the call failed.
        var status: FileStatus?

        init(name: String, kind: FileKind? = nil, status: FileStatus? = nil) {
            self.name = name
            self.kind = kind
            self.status = status
        }
    }

    /// Whether no entry of `entries` is named `name`, in any case. A listing can say that a
    /// folder holds no such entry; that it holds one is left to the file system: a link may
    /// lead nowhere, a folder that can be listed but not entered hides its entries from
    /// `stat`, and a file system that ignores case takes another spelling for the name.
    static func showsNo(_ name: String, among entries: [Entry]) -> Bool {
        let length = name.utf8.count, lowered = name.lowercased()
        return !entries.contains { $0.name.utf8.count == length && $0.name.lowercased() == lowered }
    }

    /// A folder read while it is open: its identity, and its entries sorted by name.
    struct Folder: Sendable {
        var identity: FileIdentity
        var entries: [Entry]
        /// The names of Swift files and folders here that are not UTF-8, written with `\xNN` for
        /// each byte that is not printable ASCII: no path can name them, so they are reported.
        var undecodableNames: [String] = []
    }

    /// Reads `folder` through one open descriptor: its identity, and its entries other than `.`
    /// and `..` sorted by name. The status of each entry `wanted` picks is asked of the open
    /// folder, so the system does not walk the folder's path again for each (on a large tree,
    /// most of the time those calls took). `nil` when the folder cannot be opened (the caller
    /// then asks Foundation, which words the error).
    static func read(_ folder: String, statusOf wanted: (Entry) -> Bool = { _ in false }) -> Folder? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let identity = FileIdentity(info)
        var entries: [Entry] = []
        var undecodable: [String] = []
        while true {
            errno = 0
            guard let raw = readdir(stream) else {
                // An error partway is no end of the folder: Foundation is asked instead.
                if errno != 0 { return nil }
                break
            }
            let type = raw.pointee.d_type
            let decoded = withUnsafeBytes(of: raw.pointee.d_name) { bytes -> String?? in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return .some(nil) }
                if strcmp(base, ".") == 0 || strcmp(base, "..") == 0 { return .none }
                if let name = String(validatingCString: base) { return .some(name) }
                let name = UnsafeRawBufferPointer(start: base, count: strlen(base))
                // As the walk skips hidden entries and reads only Swift files and folders.
                guard name.first != UInt8(ascii: ".") else { return .some(nil) }
                var isFolder = Int32(type) == Int32(DT_DIR)
                if Int32(type) != Int32(DT_REG) && !isFolder {
                    // A link, or a file system that does not say: asked by the name's bytes.
                    var status = stat()
                    isFolder = fstatat(descriptor, base, &status, 0) == 0 && status.st_mode & S_IFMT == S_IFDIR
                }
                if isFolder || name.reversed().starts(with: ".swift".utf8.reversed()) {
                    undecodable.append(escaped(name))
                }
                return .some(nil)
            }
            guard case .some(let name) = decoded, let name else { continue }
            let kind: FileKind? = switch Int32(type) {
            case Int32(DT_REG): .regular
            case Int32(DT_DIR): .directory
            default: nil
            }
            entries.append(Entry(name: name, kind: kind))
        }
        entries.sort { $0.name < $1.name }
        for position in entries.indices where wanted(entries[position]) {
            if fstatat(descriptor, entries[position].name, &info, 0) == 0 {
                entries[position].status = FileStatus(info)
            }
        }
        return Folder(identity: identity, entries: entries, undecodableNames: undecodable)
    }

    /// `name` with each byte that is not printable ASCII (and each backslash) as `\xNN`, so two
    /// names that differ in their bytes are shown differently.
    private static func escaped(_ name: UnsafeRawBufferPointer) -> String {
        var text = ""
        for byte in name {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return text
    }
}
