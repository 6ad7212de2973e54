/// The story lists the Hacker News API ranks.
public enum StoryList: String, CaseIterable, Sendable, Codable {
    /// The front page.
    case top
    /// The best stories of recent days.
    case best
    /// The newest stories.
    case new
    /// Ask HN.
    case ask
    /// Show HN.
    case show
    /// Job postings.
    case jobs

    /// The API endpoint's name, `topstories` for ``top``.
    public var endpoint: String {
        self == .jobs ? "jobstories" : rawValue + "stories"
    }

    /// The name shown to the user.
    public var title: String {
        switch self {
        case .top: "Top"
        case .best: "Best"
        case .new: "New"
        case .ask: "Ask"
        case .show: "Show"
        case .jobs: "Jobs"
        }
    }
}
