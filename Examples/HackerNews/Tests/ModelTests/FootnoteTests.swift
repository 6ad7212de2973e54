import Foundation
import HackerNewsModel
import Testing

struct FootnoteTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func siteAgeAndAuthor() {
        let item = Item(id: 1, author: "pg", time: now.addingTimeInterval(-3 * 3_600 - 59), url: URL(string: "https://www.example.com/a/b"))
        #expect(Footnote.text(for: item, now: now) == "example.com · 3 hours ago · pg")
    }

    @Test func partsTheItemLacksAreLeftOut() {
        #expect(Footnote.text(for: Item(id: 1, author: "dang", time: now), now: now) == "just now · dang")
        #expect(Footnote.text(for: Item(id: 1), now: now) == "")
    }

    @Test(arguments: [
        (0, "just now"), (59, "just now"), (60, "1 minute ago"), (119, "1 minute ago"), (3_599, "59 minutes ago"),
        (3_600, "1 hour ago"), (86_399, "23 hours ago"), (86_400, "1 day ago"), (40 * 86_400, "1 month ago"),
        (800 * 86_400, "2 years ago"), (-30, "just now"),
    ])
    func ages(_ secondsAgo: Int, expected: String) {
        #expect(Footnote.age(from: now.addingTimeInterval(TimeInterval(-secondsAgo)), to: now) == expected)
    }

    @Test func storyListsNameTheirEndpoints() {
        #expect(StoryList.allCases.map(\.endpoint) == ["topstories", "beststories", "newstories", "askstories", "showstories", "jobstories"])
    }
}
