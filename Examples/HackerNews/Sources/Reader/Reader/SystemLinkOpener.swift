#if os(macOS)
import AppKit
#elseif os(iOS) || os(tvOS) || os(visionOS)
import UIKit
#endif
import Foundation

/// Opens links in the system browser on Apple platforms. Elsewhere (watchOS, Linux) there is no
/// browser to hand a link to, and it does nothing; the terminal front end has its own opener.
public struct SystemLinkOpener: LinkOpening {
    /// Creates the opener.
    public init() {}

    public func open(_ url: URL) {
        #if os(macOS)
        _ = NSWorkspace.shared.open(url)
        #elseif os(iOS) || os(tvOS) || os(visionOS)
        UIApplication.shared.open(url)
        #endif
    }
}
