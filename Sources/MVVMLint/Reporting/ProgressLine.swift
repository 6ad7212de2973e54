import Foundation

/// A "files done / total" line for runs that take more than a moment, redrawn in place on a
/// terminal and erased at the end. It is only ever made for a terminal: pipes and CI logs get
/// none of it.
public final class ProgressLine: @unchecked Sendable {
    // Everything below `lock` is only touched while holding it.
    private let lock = NSLock()
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let started: ContinuousClock.Instant
    private let delay: Duration
    private let interval: Duration
    private var lastDrawn: ContinuousClock.Instant?

    /// Creates a progress line.
    ///
    /// - Parameters:
    ///   - delay: How long a run goes before the line appears.
    ///   - interval: The least time between redraws.
    ///   - write: Where the line goes (standard error).
    ///   - now: The clock.
    public init(
        delay: Duration = .milliseconds(500), interval: Duration = .milliseconds(100),
        // The throwing write: a terminal that went away must not stop the run.
        write: @escaping @Sendable (String) -> Void = { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.write = write
        self.now = now
        self.delay = delay
        self.interval = interval
        started = now()
    }

    /// Notes that `done` of `total` files are finished.
    public func update(done: Int, total: Int) {
        let time = now()
        let text: String? = lock.withLock {
            guard time - started >= delay else { return nil }
            if let lastDrawn, time - lastDrawn < interval, done < total { return nil }
            lastDrawn = time
            return "\r\u{1B}[KLinting: \(done)/\(total) files"
        }
        if let text { write(text) }
    }

    /// Erases the line, if it was ever drawn.
    public func finish() {
        let drawn = lock.withLock { lastDrawn != nil }
        if drawn { write("\r\u{1B}[K") }
    }
}
