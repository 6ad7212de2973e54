import Foundation

/// Opens a story's link outside the reader: the browser on Apple platforms, a status line in the
/// terminal. The root view model owns it, since opening a link is the app's decision, not a
/// screen's.
@MainActor
public protocol LinkOpening {
    /// Opens `url`.
    func open(_ url: URL)
}
