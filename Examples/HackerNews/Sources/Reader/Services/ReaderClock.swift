import Foundation

/// Tells the time for footnotes ("3 hours ago"). Injected so tests and the sample snapshot read
/// the same every time.
public protocol ReaderClock: Sendable {
    /// The current moment.
    var now: Date { get }
}

/// The system clock.
public struct SystemClock: ReaderClock {
    /// Creates the system clock.
    public init() {}

    public var now: Date { Date() }
}

/// A clock stopped at one moment: the sample snapshot's time, or a test's.
public struct FixedClock: ReaderClock {
    public let now: Date

    /// Creates a clock that always answers `now`.
    public init(_ now: Date) {
        self.now = now
    }
}
