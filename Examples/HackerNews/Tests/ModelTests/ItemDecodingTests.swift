import Foundation
import HackerNewsModel
import Testing

struct ItemDecodingTests {
    func decode(_ json: String) throws -> Item {
        try JSONDecoder().decode(Item.self, from: Data(json.utf8))
    }

    @Test func aStoryWithEveryField() throws {
        let item = try decode("""
            {"by": "alice", "descendants": 12, "id": 101, "kids": [205, 203, 201], "score": 87,
             "time": 1700000000, "title": "An invented story", "type": "story", "url": "https://www.example.com/post"}
            """)
        #expect(item == Item(
            id: 101, kind: .story, author: "alice", time: Date(timeIntervalSince1970: 1_700_000_000),
            url: URL(string: "https://www.example.com/post"), title: "An invented story", score: 87, descendants: 12,
            kids: [205, 203, 201]
        ))
    }

    @Test func anAskWithTextAndNoLink() throws {
        let item = try decode(#"{"by": "bob", "id": 7, "text": "What do you use? <i>Really</i>", "time": 1, "title": "Ask: tools?", "type": "story"}"#)
        #expect(item.url == nil)
        #expect(item.text == "What do you use? <i>Really</i>")
        #expect(item.kids.isEmpty)
        #expect(item.descendants == nil)
    }

    @Test func aCommentKnowsItsParent() throws {
        let item = try decode(#"{"by": "carol", "id": 203, "parent": 101, "text": "Agreed.", "time": 1700000100, "type": "comment"}"#)
        #expect(item.kind == .comment)
        #expect(item.parent == 101)
    }

    @Test func deletedAndDeadItemsCarryAlmostNothing() throws {
        let deleted = try decode(#"{"deleted": true, "id": 9, "parent": 101, "time": 1700000200, "type": "comment"}"#)
        #expect(deleted.isDeleted && deleted.isGone)
        #expect(deleted.author == nil && deleted.text == nil)
        let dead = try decode(#"{"dead": true, "id": 10, "by": "mallory", "time": 1, "type": "comment", "text": "spam"}"#)
        #expect(dead.isDead && dead.isGone)
    }

    @Test func jobsPollsAndUnknownKinds() throws {
        #expect(try decode(#"{"id": 1, "type": "job", "title": "We are hiring"}"#).kind == .job)
        #expect(try decode(#"{"id": 2, "type": "poll", "parts": [3, 4]}"#).kind == .poll)
        #expect(try decode(#"{"id": 3, "type": "pollopt", "score": 5}"#).kind == .pollopt)
        #expect(try decode(#"{"id": 4, "type": "hologram"}"#).kind == nil)
    }

    @Test func aMalformedLinkDoesNotLoseTheStory() throws {
        let item = try decode(#"{"id": 5, "type": "story", "title": "Broken link", "url": "http://exa mple.com/ spaces"}"#)
        #expect(item.title == "Broken link")
    }

    @Test func anItemWithoutAnIdIsAnError() {
        #expect(throws: DecodingError.self) {
            try decode(#"{"type": "story", "title": "No id"}"#)
        }
    }

    @Test func encodingRoundTripsInTheAPIsShape() throws {
        let item = Item(id: 1, kind: .story, author: "a", time: Date(timeIntervalSince1970: 60), url: URL(string: "https://example.com"),
                        title: "T", score: 1, descendants: 0, kids: [2], isDead: true)
        let data = try JSONEncoder().encode(item)
        #expect(try JSONDecoder().decode(Item.self, from: data) == item)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["time"] as? Int == 60)
        #expect(json["by"] as? String == "a")
        #expect(json["deleted"] == nil)
    }
}
