import MVVM
import MVVMTesting
import Testing

@MainActor
struct ValueExpectationTests {
    let search = HeldStub<String, [SearchScreen.Hit]>()
    let clock = TestClock()
    let parent = RecordingResponder<SearchScreen.ResponderAction>()
    let tasks = TaskOwner()

    func makeSUT() -> SearchScreen {
        SearchScreen(search: search, clock: clock, responder: parent.responder, tasks: tasks)
    }

    func makeRecorder(_ sut: SearchScreen) throws -> ChangeRecorder<SearchScreen> {
        try ChangeRecorder(
            sut,
            tracking: ["state": \.state, "query": \.query, "selection": \.selection],
            privateState: ["searchCount"]
        )
    }

    @Test func passesWhenEveryChangedValueIsStated() async throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        let failures = await withExpectationFailuresCaptured {
            recorder.expectChanges(during: { sut.send(.queryChanged("swift")) }) {
                $0.query = "swift"
            }
            recorder.expectNoChanges { tasks.cancelAll() }
            await recorder.expectChanges(during: { await tasks.waitForAll() }) { _ in }
        }
        #expect(failures.isEmpty)
    }

    @Test func anUnexpectedChangeFailsWithOldExpectedAndActual() throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        let failures = withExpectationFailuresCaptured {
            recorder.expectNoChanges { sut.send(.queryChanged("swift")) }
        }
        tasks.cancelAll()

        #expect(failures.count == 1)
        let message = try #require(failures.first?.message)
        #expect(message.contains("SearchScreen: 1 property differs from the expected state."))
        #expect(message.contains("""
            • query (unexpected change)
                old:      ""
                expected: ""
                actual:   "swift"
            """))
    }

    @Test func aMissingChangeFails() throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        let failures = withExpectationFailuresCaptured {
            recorder.expectChanges(during: { sut.send(.search) }) {
                $0.state = .loading(query: "")
                $0.set("searchCount", to: 1)
                $0.query = "never typed"
            }
        }
        tasks.cancelAll()

        let message = try #require(failures.first?.message)
        #expect(message.contains("• query (missing change)"))
        #expect(message.contains("expected: \"never typed\""))
        #expect(!message.contains("state ("))
    }

    @Test func aWrongNestedValueFailsWithALineDiff() async throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)
        sut.send(.search)
        let call = try await search.nextCall()
        call.answer([.init(title: "Swift", tags: ["lang", "apple"])])
        try await tasks.untilIdle()

        let failures = withExpectationFailuresCaptured {
            recorder.expectChanges {
                $0.state = .loaded([.init(title: "Swift", tags: ["lang"])])
                $0.set("searchCount", to: 1)
            }
        }

        let message = try #require(failures.first?.message)
        #expect(message.contains("• state (wrong value)"))
        #expect(message.contains("""
            • state (wrong value)
                old:
                  .idle
                expected (-) against actual (+):
                    .loaded(
                      [
                        Hit(
                          title: "Swift"
                          tags: [
                            "lang"
                  +         "apple"
                          ]
                        )
                      ]
                    )
            """))
        parent.expect(.searched(""))
        parent.expectAllAsserted()
    }

    @Test func privateStateIsCheckedByName() throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        let failures = withExpectationFailuresCaptured {
            recorder.expectChanges(during: { sut.send(.search) }) {
                $0.state = .loading(query: "")
            }
        }
        tasks.cancelAll()

        let message = try #require(failures.first?.message)
        #expect(message.contains("• searchCount (unexpected change)"))
        #expect(message.contains("actual:   1"))
    }

    @Test func privateStateMustBeObservedStoredState() {
        #expect(throws: ChangeRecorderError.notObservedState(type: "SearchScreen", names: ["searchCounter"])) {
            try ChangeRecorder(
                makeSUT(),
                tracking: ["state": \.state, "query": \.query, "selection": \.selection],
                privateState: ["searchCount", "searchCounter"]
            )
        }
    }

    @Test func aNamePairedWithAnotherPropertysKeyPathIsRefused() {
        let error = #expect(throws: ChangeRecorderError.self) {
            try ChangeRecorder(
                makeSUT(),
                tracking: ["state": \.state, "query": \.selection, "selection": \.selection],
                privateState: ["searchCount"]
            )
        }
        #expect(error?.description.contains("The key path given for \"query\" reads nil, but query holds \"\"") == true)
    }

    @Test func settingAnUntrackedKeyPathFails() throws {
        let form = Form()
        let recorder = try ChangeRecorder(form, tracking: ["name": \.name, "age": \.age])
        let failures = withExpectationFailuresCaptured {
            recorder.expectChanges(during: { form.birthday() }) {
                $0.age = 1
                $0.isAdult = false
            }
        }
        #expect(failures.first?.message.contains("sets properties the recorder does not track") == true)
    }

    @Test func intermediateStatesInOrderWithoutSleeps() async throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        recorder.expectChanges(during: { sut.send(.queryChanged("sw")) }) { $0.query = "sw" }
        try await clock.untilSleeping()
        recorder.expectChanges(during: { sut.send(.queryChanged("swift")) }) { $0.query = "swift" }
        try await clock.untilSleeping()
        clock.advance(by: .milliseconds(300))

        let call = try await search.nextCall()
        #expect(call.arguments == "swift")
        recorder.expectChanges {
            $0.state = .loading(query: "swift")
            $0.set("searchCount", to: 1)
        }
        call.answer([.init(title: "Swift", tags: [])])
        try await tasks.untilIdle()
        recorder.expectChanges { $0.state = .loaded([.init(title: "Swift", tags: [])]) }

        parent.expect(.searched("swift"))
        parent.expectAllAsserted()
        tasks.expectNoWorkLeftBehind()
    }

    @Test func nextChangesAreAwaitedThroughObservationInOrder() async throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        sut.send(.queryChanged("swift"))
        try await recorder.expectNextChanges { $0.query = "swift" }
        try await clock.untilSleeping()
        clock.advance(by: .milliseconds(300))
        // The debounce task sends .search on its own; the test awaits the state it produces.
        try await recorder.expectNextChanges {
            $0.state = .loading(query: "swift")
            $0.set("searchCount", to: 1)
        }
        try await search.nextCall().answer([])
        try await recorder.expectNextChanges { $0.state = .loaded([]) }

        parent.expect(.searched("swift"))
        parent.expectAllAsserted()
        try await tasks.untilIdle()
        tasks.expectNoWorkLeftBehind()
    }

    @Test func nextChangesFailsAfterItsTimeoutWhenNothingChanges() async throws {
        let recorder = try makeRecorder(makeSUT())
        let error = await #expect(throws: WaitTimeoutError.self) {
            try await recorder.expectNextChanges(timeout: .milliseconds(10)) { $0.query = "never" }
        }
        #expect(error?.waitingFor == "a change of SearchScreen's tracked state")
    }

    @Test func failuresCarryTheExpectationsFileAndLine() throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)
        let line = #line + 2
        let failures = withExpectationFailuresCaptured {
            recorder.expectNoChanges { sut.send(.queryChanged("x")) }
        }
        tasks.cancelAll()
        #expect(failures.first?.line == line)
        #expect(failures.first?.fileID == "MVVMTestingTests/ValueExpectationTests.swift")
        #expect(failures.first?.description.hasPrefix("MVVMTestingTests/ValueExpectationTests.swift:\(line): ") == true)
    }

    @Test func swiftTestingRecordsTheIssueAtTheExpectationsLine() throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)
        let line = #line + 2
        withKnownIssue {
            recorder.expectNoChanges { sut.send(.queryChanged("x")) }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == "MVVMTestingTests/ValueExpectationTests.swift"
                && issue.comments.contains { $0.rawValue.contains("query (unexpected change)") }
        }
        tasks.cancelAll()
    }
}
