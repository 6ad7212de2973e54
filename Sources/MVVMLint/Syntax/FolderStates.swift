import Foundation

/// Where a path glob's run stands after a folder's path and the `/` after it, for the last
/// folders met. Discovery matches every entry of a folder, and `tests` and custom rules' `paths`
/// every file, against each pattern: with this, a folder's path is read once per pattern instead
/// of once per entry, so 1,000 files in a folder 4,000 characters deep cost their names, not 4
/// million characters, and a folder's path is read on from its parent's.
final class FolderStates: @unchecked Sendable {
    /// What is known of the paths below a folder.
    enum Known: Sendable {
        /// The pattern matched the folder or one above it: it matches everything below.
        case matchedAbove
        /// No position is live: nothing below can match.
        case noneLive
        case live(Glob.Progress)
    }

    // Guards `folders`: discovery and the rules match paths on several threads.
    private let lock = NSLock()
    /// What is known below each folder, and whether a path asked for it since it was kept or
    /// the last clean-up.
    private var folders: [String: (known: Known, asked: Bool)] = [:]
    /// The folders kept per pattern: a walk is in a few folders at a time (the one listed, those
    /// read ahead, one per worker), and a folder's path is at most 4 KiB.
    private let capacity = 16

    func known(_ folder: String) -> Known? {
        lock.withLock {
            folders[folder]?.asked = true
            return folders[folder]?.known
        }
    }

    func keep(_ known: Known, for folder: String) {
        lock.withLock {
            // When full, the folders no path asked for since go, and if that is not half, all.
            if folders.count >= capacity {
                folders = folders.filter(\.value.asked).mapValues { ($0.known, false) }
                if folders.count >= capacity / 2 { folders.removeAll(keepingCapacity: true) }
            }
            folders[folder] = (known, false)
        }
    }
}

extension Glob {
    /// `matches(path, orBelow: true)`, reading only the path's last component when `folders`
    /// knows its folder. A folder it does not know is read on from the folder above it when
    /// that is known (discovery matched the folder's entries there), else whole, and kept.
    func matchesBelow(_ path: String, folders: FolderStates, wordsRead: inout Int) -> Bool {
        guard path.utf8.count >= minimumLength else { return false }
        // Cut only where a byte is a character: an ASCII path without "\r\n".
        let lastSlash = path.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
            return bytes.lastIndex(of: UInt8(ascii: "/"))
        }
        guard let slash = lastSlash ?? nil else {
            return matches(path, orBelow: true, wordsRead: &wordsRead)
        }
        let cut = path.utf8.index(path.utf8.startIndex, offsetBy: slash)
        let folder = String(path[..<cut]), name = String(path[path.utf8.index(after: cut)...])
        var progress: Progress
        switch known(below: folder, folders: folders, wordsRead: &wordsRead) {
        case .matchedAbove: return true
        case .noneLive: return false
        case .live(let known): progress = known
        }
        switch advance(&progress, over: codes(of: name), orBelow: true, wordsRead: &wordsRead) {
        case .matchedBelow: return true
        case .noneLive: return false
        case .read: return accepts(progress)
        }
    }

    /// What is known below `folder`: kept, or read from what is kept for the folder above it,
    /// or from the start.
    private func known(below folder: String, folders: FolderStates, wordsRead: inout Int) -> FolderStates.Known {
        if let known = folders.known(folder) {
            return known
        }
        var progress = start
        var rest = folder
        if let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), let above = folders.known(String(folder[..<slash])) {
            switch above {
            case .matchedAbove, .noneLive: return above
            case .live(let known): progress = known
            }
            rest = String(folder[folder.index(after: slash)...])
        }
        let known = Self.known(advance(&progress, over: codes(of: rest + "/"), orBelow: true, wordsRead: &wordsRead), progress)
        folders.keep(known, for: folder)
        return known
    }

    private static func known(_ outcome: Outcome, _ progress: Progress) -> FolderStates.Known {
        switch outcome {
        case .matchedBelow: .matchedAbove
        case .noneLive: .noneLive
        case .read: .live(progress)
        }
    }
}
