import Foundation

/// The line under a story's title: its site, how long ago it was posted, and who posted it
/// ("example.com · 3 hours ago · pg"). The current time is passed in, so the text is the same in
/// every test and preview.
public enum Footnote {
    /// The footnote of `item` as of `now`; parts the item lacks are left out.
    public static func text(for item: Item, now: Date) -> String {
        var parts: [String] = []
        if let host = site(of: item.url) {
            parts.append(host)
        }
        if let time = item.time {
            parts.append(age(from: time, to: now))
        }
        if let author = item.author {
            parts.append(author)
        }
        return parts.joined(separator: " · ")
    }

    /// A link's host without a leading `www.`.
    public static func site(of url: URL?) -> String? {
        guard let host = url?.host(), !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// "just now", "1 minute ago", "5 hours ago", "3 days ago"...; times in the future (a clock
    /// off by a little) read as "just now", and times no clock could mean (more than ten thousand
    /// years away) as "unknown age".
    public static func age(from time: Date, to now: Date) -> String {
        let interval = now.timeIntervalSince(time)
        guard interval.isFinite, abs(interval) < 10_000 * 365 * 86_400 else { return "unknown age" }
        let seconds = Int(interval)
        let units: [(name: String, seconds: Int)] = [
            ("year", 365 * 86_400), ("month", 30 * 86_400), ("day", 86_400), ("hour", 3_600), ("minute", 60),
        ]
        for unit in units where seconds >= unit.seconds {
            let count = seconds / unit.seconds
            return "\(count) \(unit.name)\(count == 1 ? "" : "s") ago"
        }
        return "just now"
    }
}
