import Testing
@testable import MVVMLint

@Suite struct SingletonPatternTests {
    @Test func patternsSplitAtTheFirstDotAfterLeadingOnes() {
        func split(_ pattern: String) -> [String]? {
            NoSingletonsInViewModelsRule.typeAndMember(pattern).map { [$0.type, $0.member] }
        }
        #expect(split("URLSession.shared") == ["URLSession", "shared"])
        #expect(split("*.shared") == ["*", "shared"])
        #expect(split("..A.b.c") == ["A", "b.c"])
        #expect(split("A.") == nil)
        #expect(split("shared") == nil)
        #expect(split("...") == nil)
        #expect(split("") == nil)
        #expect(split("Café.shared") == ["Café", "shared"])
        // A dot with a combining mark is one character, not a dot.
        #expect(split(".\u{301}A.b") == [".\u{301}A", "b"])
    }
}
