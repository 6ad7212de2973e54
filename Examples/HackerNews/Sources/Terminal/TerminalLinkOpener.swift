import Foundation
import HackerNewsReader
import Observation

/// Opens links in the terminal by showing them: a terminal reader has no browser of its own,
/// and most terminals make a printed URL clickable.
@MainActor
@Observable
public final class TerminalLinkOpener: LinkOpening {
    /// The link opened last, shown in the status line.
    public private(set) var lastOpened: URL?

    /// Creates the opener.
    public init() {}

    public func open(_ url: URL) {
        lastOpened = url
    }
}
