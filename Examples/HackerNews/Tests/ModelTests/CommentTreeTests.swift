import HackerNewsModel
import Testing

struct CommentTreeTests {
    func comment(_ id: Int, kids: [Int] = [], deleted: Bool = false, dead: Bool = false) -> Item {
        Item(id: id, kind: .comment, text: "c\(id)", kids: kids, isDeleted: deleted, isDead: dead)
    }

    @Test func repliesNestInRankedOrder() {
        let items = [1: comment(1, kids: [3, 2]), 2: comment(2), 3: comment(3, kids: [4]), 4: comment(4), 5: comment(5)]
        let tree = CommentTree.build(kids: [5, 1], items: items)
        #expect(tree.map(\.id) == [5, 1])
        #expect(tree[1].replies.map(\.id) == [3, 2])
        #expect(tree[1].replies[0].replies.map(\.id) == [4])
        #expect(tree.reduce(0) { $0 + $1.count } == 5)
    }

    @Test func goneCommentsStayOnlyAsParentsOfReplies() {
        let items = [1: comment(1, deleted: true), 2: comment(2, kids: [3], dead: true), 3: comment(3)]
        let tree = CommentTree.build(kids: [1, 2], items: items)
        #expect(tree.map(\.id) == [2])
        #expect(tree[0].replies.map(\.id) == [3])
    }

    @Test func missingItemsAndCyclesAreSkipped() {
        let items = [1: comment(1, kids: [2, 99]), 2: comment(2, kids: [1])]
        let tree = CommentTree.build(kids: [1], items: items)
        #expect(tree.map(\.id) == [1])
        #expect(tree[0].replies.map(\.id) == [2])
        #expect(tree[0].replies[0].replies.isEmpty)
    }
}
