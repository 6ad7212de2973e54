#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads folders' listings on other threads ahead of a walk that takes them one at a time.
///
/// On a large tree most of discovery is system calls: opening each folder, reading its names
/// and asking the status of each Swift file. A re-run from the cache does little else, and it
/// made them on one thread while the others waited. Here helper threads read the folders the
/// walk will enter, depth first as the walk goes, and the walk takes each listing when it gets
/// there. The walk still decides everything on its own thread, in its own order: a folder
/// that was not read ahead (the first, one reached through a link, one the helpers have not
/// got to) it reads itself.
final class FolderReadAhead: @unchecked Sendable {
    /// A folder to read: the path as the walk writes it, and made absolute.
    typealias Folder = (path: String, absolute: String)

    /// The subfolders of a read folder that the walk will enter, in the walk's order: those the
    /// listing itself says are folders (links are left to the walk).
    typealias Subfolders = @Sendable (_ folder: Folder, _ entries: [DirectoryListing.Entry]) -> [Folder]

    /// How many listings may wait for the walk, read or being read, by default: the walk takes
    /// them in about the order they are read, so this only bounds the memory of a walk that
    /// fell behind.
    static let defaultLimit = 1024

    private let limit: Int

    private let subfolders: Subfolders
    private let wanted: @Sendable (DirectoryListing.Entry) -> Bool
    // Everything below `mutex` is only touched while holding it. The helpers and the walk wait
    // on conditions of their own, so a finished listing wakes only the walk, and only when it
    // waits for that one; work queued wakes only helpers, and no more than it can use.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let workQueued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let listingRead = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Folders to read, the next on top; a folder the walk has since taken is left out of
    /// `queuedPaths` and skipped when it comes up.
    private var queue: [Folder] = []
    private var queuedPaths: Set<String> = []
    private var reading: Set<String> = []
    private var listings: [String: DirectoryListing.Folder?] = [:]
    /// The folders read here, by identity: a folder met again (a bind mount of an ancestor) is
    /// not read below a second time.
    private var entered: Set<FileIdentity> = []
    private var idleHelpers = 0
    private var listingsTaken = 0
    /// The folder the walk waits for while a helper reads it.
    private var awaited: String?
    private var finished = false

    /// A read-ahead whose helpers read with `DirectoryListing.read(_:statusOf: wanted)` and
    /// go on to each read folder's `subfolders`.
    init(limit: Int = defaultLimit, wanted: @escaping @Sendable (DirectoryListing.Entry) -> Bool, subfolders: @escaping Subfolders) {
        self.limit = max(1, limit)
        self.wanted = wanted
        self.subfolders = subfolders
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(workQueued, nil)
        pthread_cond_init(listingRead, nil)
    }

    deinit {
        pthread_cond_destroy(listingRead)
        pthread_cond_destroy(workQueued)
        pthread_mutex_destroy(mutex)
        listingRead.deallocate()
        workQueued.deallocate()
        mutex.deallocate()
    }

    /// Runs `walk` on this thread while `helpers` threads read ahead for it, and returns when
    /// the walk has ended and the helpers have stopped. With no helper, `walk` runs alone.
    static func run<T>(
        helpers: Int, limit: Int = defaultLimit, wanted: @escaping @Sendable (DirectoryListing.Entry) -> Bool,
        subfolders: @escaping Subfolders, _ walk: (FolderReadAhead?) throws -> T
    ) rethrows -> T {
        guard helpers > 0 else { return try walk(nil) }
        let readAhead = FolderReadAhead(limit: limit, wanted: wanted, subfolders: subfolders)
        // The helpers recurse into nothing: a small stack is enough.
        let threads = (0..<helpers).compactMap { _ in
            WorkerThreads.start(stackSize: 1 << 20, detached: false) { readAhead.help() }
        }
        // Without a helper, the walk reads every folder itself and keeps no queue.
        guard !threads.isEmpty else { return try walk(nil) }
        defer {
            readAhead.finish()
            WorkerThreads.join(threads)
        }
        return try walk(readAhead)
    }

    /// Asks the helpers to read `folders`, the subfolders (in the walk's order) of a folder the
    /// walk read itself, whose identity is `parent`, and the folders below them that they meet
    /// for the first time. Called from the walk's thread.
    func submit(_ folders: [Folder], below parent: FileIdentity) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        // Met again below (a bind mount of it), the folder's subtree is not read twice.
        entered.insert(parent)
        enqueue(folders)
    }

    /// The listing of `path` if it was read ahead (waiting while a helper reads it), the inner
    /// `nil` where the folder could not be read; `nil` if the walk must read it itself. Called
    /// from the walk's thread: one walk takes from a read-ahead.
    func take(_ path: String) -> DirectoryListing.Folder?? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let listing = listings.removeValue(forKey: path) {
                listingsTaken += 1
                // Room for one more listing, if the helpers had stopped for the limit.
                if listings.count + reading.count == limit - 1, idleHelpers > 0 {
                    pthread_cond_signal(workQueued)
                }
                return .some(listing)
            }
            guard reading.contains(path) else { break }
            // Read another folder rather than sleep: waking a sleeper costs more than a folder.
            if readNext() { continue }
            awaited = path
            pthread_cond_wait(listingRead, mutex)
            awaited = nil
        }
        // Not read yet: the walk reads it now, and the helpers skip it.
        queuedPaths.remove(path)
        return nil
    }

    /// Waits until the helpers have read every folder queued that the limit leaves room for:
    /// what they read then waits to be taken (for tests, which must not depend on timing).
    func untilRead() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isSettled {
            pthread_cond_wait(listingRead, mutex)
        }
    }

    /// Whether no helper is reading and none will until the walk takes or submits something.
    /// Asked holding `mutex`.
    private var isSettled: Bool {
        // `queuedPaths` holds exactly the folders still to read.
        reading.isEmpty && (queuedPaths.isEmpty || listings.count >= limit)
    }

    /// How many listings the walk took that helpers had read.
    var taken: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return listingsTaken
    }

    /// Puts `folders` on the queue, the first on top, and wakes as many idle helpers as they
    /// can use. Called holding `mutex`.
    private func enqueue(_ folders: [Folder]) {
        var added = 0
        for folder in folders.reversed() where queuedPaths.insert(folder.path).inserted {
            queue.append(folder)
            added += 1
        }
        for _ in 0..<min(added, idleHelpers) {
            pthread_cond_signal(workQueued)
        }
    }

    /// A helper's loop: reads the top folder of the queue while there is room, until the walk ends.
    private func help() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !finished {
            if !readNext() {
                idleHelpers += 1
                pthread_cond_wait(workQueued, mutex)
                idleHelpers -= 1
            }
        }
    }

    /// Reads the top folder of the queue if there is room, letting go of `mutex` meanwhile;
    /// `false` if there was nothing to read. Called holding `mutex`.
    private func readNext() -> Bool {
        while listings.count + reading.count < limit, let folder = queue.popLast() {
            // Taken by the walk since it was queued.
            guard queuedPaths.remove(folder.path) != nil else { continue }
            reading.insert(folder.path)
            pthread_mutex_unlock(mutex)
            let listing = DirectoryListing.read(folder.path, statusOf: wanted)
            let below = listing.map { subfolders(folder, $0.entries) } ?? []
            pthread_mutex_lock(mutex)
            reading.remove(folder.path)
            listings[folder.path] = .some(listing)
            if awaited == folder.path {
                pthread_cond_signal(listingRead)
            } else if awaited == nil, isSettled {
                // Someone may wait in `untilRead()`.
                pthread_cond_signal(listingRead)
            }
            if let listing, entered.insert(listing.identity).inserted {
                enqueue(below)
            }
            return true
        }
        return false
    }

    /// Stops the helpers; listings not taken are dropped.
    private func finish() {
        pthread_mutex_lock(mutex)
        finished = true
        queue.removeAll()
        listings.removeAll()
        pthread_cond_broadcast(workQueued)
        pthread_mutex_unlock(mutex)
    }
}
