import MVVM
import MVVMTesting
import Testing

/// The harness's end check: it fails once, at the line of the `with…` call, for each kind of
/// leftover, and passes when each is asserted.
@MainActor
struct ViewModelHarnessTests {
    let search = HeldStub<String, [SearchScreen.Hit]>()
    let hit = SearchScreen.Hit(title: "Swift", tags: ["language"])

    /// Makes the screen under test from the harness's controls.
    func makeScreen(_ controls: TestControls<SearchScreen.ResponderAction>) -> SearchScreen {
        SearchScreen(search: search, clock: controls.clock, responder: controls.responder, tasks: controls.tasks)
    }

    /// Makes the screen after an action was sent up through its responder, as if it had sent it.
    func makeScreenThatOpened(_ controls: TestControls<SearchScreen.ResponderAction>) -> SearchScreen {
        controls.responder(.opened("Swift"))
        return makeScreen(controls)
    }

    @Test func aFlowWithEverythingAssertedPasses() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.expectChanges(during: { test.viewModel.send(.queryChanged("swift")) }) { $0.query = "swift" }
                try await test.clock.untilSleeping()
                test.clock.advance(by: .milliseconds(300))
                let call = try await search.nextCall()
                test.expectChanges {
                    $0.state = .loading(query: "swift")
                    $0.set("searchCount", to: 1)
                }
                test.expectSent(.searched("swift"))
                call.answer([hit])
                try await test.untilIdle()
                test.expectChanges { $0.state = .loaded([hit]) }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func anUnassertedChangeFailsAtTheLineOfTheScope() async throws {
        let line = #line + 2
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.viewModel.send(.loaded(.success([hit])))
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == line)
        #expect(failures.first?.message == """
            The test ended with 1 thing no expectation accounted for.
            Unasserted changes of SearchScreen:
            • state (unexpected change)
                old:
                  .idle
                expected (-) against actual (+):
                  - .idle
                  + .loaded(
                  +   [
                  +     Hit(
                  +       title: "Swift"
                  +       tags: [
                  +         "language"
                  +       ]
                  +     )
                  +   ]
                  + )
            \(Self.advice)
            """)
    }

    @Test func anAssertedChangeLeavesNothing() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.expectChanges(during: { test.viewModel.send(.loaded(.failure(.init()))) }) {
                    $0.state = .failed("The search failed. Try again.")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func anUnassertedActionFails() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreenThatOpened, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { _ in }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("""
            Unasserted responder actions:
              .opened(
                "Swift"
              )
            """) == true, "\(failures)")
    }

    @Test func anAssertedActionLeavesNothing() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreenThatOpened, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.expectSent(.opened("Swift"))
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func runningWorkFailsAndIsCancelled() async throws {
        var owner: TaskOwner?
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                owner = test.tasks
                test.expectChanges(during: { test.viewModel.send(.queryChanged("sw")) }) { $0.query = "sw" }
                try await test.clock.untilSleeping()
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("""
            Work still running:
              "debounce"
            """) == true, "\(failures)")
        // Cancelled by the end check: the debounce's sleep ends at once, without time moving.
        try await owner?.untilIdle()
        #expect(owner?.isIdle == true)
    }

    @Test func awaitedWorkLeavesNothing() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.expectChanges(during: { test.viewModel.send(.queryChanged("sw")) }) { $0.query = "sw" }
                try await test.clock.untilSleeping()
                test.clock.advance(by: .milliseconds(300))
                try await search.nextCall().fail(SearchScreen.SearchFailure())
                try await test.untilIdle()
                test.expectChanges {
                    $0.state = .failed("The search failed. Try again.")
                    $0.set("searchCount", to: 1)
                }
                test.expectSent(.searched("sw"))
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func workMeantToOutliveTheTestIsNamedAtFinish() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.expectChanges(during: { test.viewModel.send(.queryChanged("sw")) }) { $0.query = "sw" }
                test.finish(expectingRunning: ["debounce"])
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func everyKindOfLeftoverIsReportedInOneFailure() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.viewModel.send(.queryChanged("swift"))
                try await test.clock.untilSleeping()
                test.clock.advance(by: .milliseconds(300))
                _ = try await search.nextCall()
            }
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.hasPrefix("The test ended with 5 things no expectation accounted for."), "\(message)")
        for part in ["• state (unexpected change)", "• query (unexpected change)", "• searchCount (unexpected change)", ".searched(", "\"search\""] {
            #expect(message.contains(part), "\(part)")
        }
    }

    @Test func aFailedExpectationDoesNotListItsActionsAgainAtTheEnd() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreenThatOpened, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"]) { test in
                test.expectSent(.opened("Go"))
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Expected the responder action .opened(") == true, "\(failures)")
    }

    @Test func withExhaustivityOffOnlyStatedThingsAreChecked() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"], exhaustivity: .off) { test in
                test.viewModel.send(.queryChanged("swift"))
                try await test.clock.untilSleeping()
                test.clock.advance(by: .milliseconds(300))
                _ = try await search.nextCall()
                // The query and the count changed too; this test does not care.
                test.expectChanges { $0.state = .loading(query: "swift") }
                test.expectSent(.searched("swift"))
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func withExhaustivityOffAWrongStatedValueStillFails() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: makeScreen, tracking: ["state": \.state, "query": \.query, "selection": \.selection], privateState: ["searchCount"], exhaustivity: .off) { test in
                test.viewModel.send(.queryChanged("swift"))
                test.expectChanges { $0.query = "swiff" }
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("• query (wrong value)") == true, "\(failures)")
    }

    @Test func aViewModelWithoutResponderNeedsNoActionType() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: { _ in Tally() }, sendingUp: Never.self, tracking: ["count": \.count]) { test in
                test.expectChanges(during: { test.viewModel.count += 1 }) { $0.count = 1 }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    static let advice = "State each change (`expectChanges { $0.property = value }`), assert each action "
        + "(`expectSent(_:)`), and await or answer each task (`try await untilIdle()`); or make the "
        + "harness with `exhaustivity: .off` for a test that looks at only some of them."
}

@MainActor
@Observable
private final class Tally {
    var count = 0
}
