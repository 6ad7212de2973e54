import Foundation

/// The names whose change Observation reported; written from `onChange`, which may run on any
/// thread that mutates the model.
final class ChangeLog: @unchecked Sendable {
    // `changed` is only touched while holding `lock`.
    private let lock = NSLock()
    private var changed: Set<String> = []

    var names: Set<String> {
        lock.withLock { changed }
    }

    func insert(_ name: String) {
        lock.withLock { _ = changed.insert(name) }
    }

    func removeAll() {
        lock.withLock { changed.removeAll() }
    }
}
