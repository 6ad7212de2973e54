import Foundation
import HackerNewsModel
import HackerNewsReader
import MVVMTesting
import Testing

@MainActor
struct StoryRowViewModelTests {
    let parent = RecordingResponder<StoryRowViewModel.ResponderAction>()

    @Test func showsTitleFootnoteAndCounts() {
        let story = Fixtures.story(7, kids: [1, 2, 3], score: 42)
        let sut = StoryRowViewModel(story: story, rank: 3, now: Fixtures.now, responder: parent.responder)
        #expect(sut.id == 7)
        #expect(sut.rank == 3)
        #expect(sut.title == "Story 7")
        #expect(sut.footnote == "example.com · 1 hour ago · author7")
        #expect(sut.counts == "42 points · 3 comments")
    }

    @Test func jobsShowNoCommentCountAndMissingPartsAreLeftOut() {
        let job = Item(id: 9, kind: .job, title: "We are hiring", descendants: 0)
        let untitled = Item(id: 10, kind: .story, score: 1, descendants: 1)
        let jobRow = StoryRowViewModel(story: job, rank: 1, now: Fixtures.now, responder: parent.responder)
        let untitledRow = StoryRowViewModel(story: untitled, rank: 2, now: Fixtures.now, responder: parent.responder)
        #expect(jobRow.counts == "")
        #expect(jobRow.footnote == "")
        #expect(untitledRow.title == "Untitled")
        #expect(untitledRow.counts == "1 point · 1 comment")
    }

    @Test func openSendsTheStoryUp() {
        let story = Fixtures.story(7)
        let sut = StoryRowViewModel(story: story, rank: 1, now: Fixtures.now, responder: parent.responder)
        sut.open()
        #expect(parent.actions == [.open(story)])
    }
}
