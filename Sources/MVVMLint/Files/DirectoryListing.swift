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
    struct Entry {
        var name: String
        var kind: FileKind?
    }

    /// The entries of `folder` other than `.` and `..`, sorted by name; `nil` when the folder
    /// cannot be opened or a name is not UTF-8 (the caller then asks Foundation, which words
    /// the error and decodes names its own way).
    static func entries(of folder: String) -> [Entry]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var entries: [Entry] = []
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
                return .some(String(validatingCString: base))
            }
            guard case .some(let name) = decoded else { continue }
            guard let name else { return nil }
            let kind: FileKind? = switch Int32(type) {
            case Int32(DT_REG): .regular
            case Int32(DT_DIR): .directory
            default: nil
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries.sorted { $0.name < $1.name }
    }
}
