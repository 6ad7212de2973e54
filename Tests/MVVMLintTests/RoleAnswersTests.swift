import Testing
@testable import MVVMLint

/// The project index keeps each role answer it gives, keyed by the question.
struct RoleAnswersTests {
    /// Answers `question`, counting how often the answer had to be worked out.
    private func answer(_ answers: RoleAnswers, _ question: RoleQuestion, _ computed: inout Int, _ value: Bool = true) -> Bool {
        answers.answer(question) {
            computed += 1
            return value
        }
    }

    @Test func aQuestionAskedAgainIsAnsweredFromMemory() {
        let answers = RoleAnswers()
        let visible = [0, 3]
        var computed = 0
        let question = RoleQuestion(role: .viewModel, typeName: "SettingsViewModel", visible: visible)
        #expect(answer(answers, question, &computed))
        // Worked out again, the answer would now be false.
        #expect(answer(answers, RoleQuestion(role: .viewModel, typeName: "Settings" + "ViewModel", visible: visible), &computed, false))
        #expect(computed == 1)
    }

    @Test func forgottenAnswersAreWorkedOutAgain() {
        let answers = RoleAnswers()
        let visible = [0]
        var computed = 0
        let question = RoleQuestion(role: .view, typeName: "FeedView", visible: visible)
        #expect(answer(answers, question, &computed))
        answers.forget()
        #expect(!answer(answers, question, &computed, false))
        #expect(!answer(answers, question, &computed))
        #expect(computed == 2)
    }

    @Test func aFullShardStartsAgain() {
        // Names of one length whose last bytes are equal modulo 16 share a shard (A, Q and a):
        // the third answer empties it.
        let answers = RoleAnswers(limit: 2)
        let visible = [0]
        var computed = 0
        let questions = ["FeedA", "FeedQ", "Feeda"].map { RoleQuestion(role: .view, typeName: $0, visible: visible) }
        #expect(Set(questions.map { $0.part(of: 16) }).count == 1)
        for question in questions {
            _ = answer(answers, question, &computed)
        }
        _ = answer(answers, questions[2], &computed)
        #expect(computed == 3)
        _ = answer(answers, questions[0], &computed)
        #expect(computed == 4)
    }

    @Test func anotherRoleNameOrListOfModulesIsAnotherQuestion() {
        let answers = RoleAnswers()
        let visible = [0, 3], other = [0, 4]
        var computed = 0
        _ = answer(answers, RoleQuestion(role: .viewModel, typeName: "Feed", visible: visible), &computed)
        #expect(!answer(answers, RoleQuestion(role: .view, typeName: "Feed", visible: visible), &computed, false))
        #expect(!answer(answers, RoleQuestion(role: .viewModel, typeName: "Feeds", visible: visible), &computed, false))
        #expect(!answer(answers, RoleQuestion(role: .viewModel, typeName: "Feed", visible: other), &computed, false))
        #expect(computed == 4)
    }

    @Test func anEqualListInAnotherArrayIsAskedAfresh() {
        let answers = RoleAnswers()
        let first = [0, 3]
        var second = [0]
        second.append(3)
        var computed = 0
        #expect(answer(answers, RoleQuestion(role: .view, typeName: "FeedView", visible: first), &computed))
        #expect(answer(answers, RoleQuestion(role: .view, typeName: "FeedView", visible: second), &computed))
        // Worked out again rather than taken for the other array's; the index's answer for two
        // equal lists is the same anyway.
        #expect(computed == 2)
    }
}

/// Files the index was not built from ask their role questions through one shared list too.
struct VisibleModulesTests {
    @Test func aFileOutsideTheIndexSeesOneSharedListOfItsModule() {
        let index = ProjectIndex([FileFacts(path: "App/Feed.swift", isTestFile: false)])
        let first = index.visible(from: "Elsewhere/A.swift"), second = index.visible(from: "Elsewhere/B.swift")
        #expect(first == [0])
        #expect(first.withUnsafeBufferPointer(\.baseAddress) == second.withUnsafeBufferPointer(\.baseAddress))
    }
}
