import MVVM
import MVVMTesting
import Testing

/// The change expectations are declared once, on `ChangeExpecting`, and behave the same on a
/// recorder and on a harness; only a harness's exhaustivity changes what they compare.
@MainActor
struct ChangeExpectingTests {
    let search = HeldStub<String, [SearchScreen.Hit]>()
    let clock = TestClock()

    /// Expectations written against the protocol, so one body runs on either conformer.
    func typeSwift<Checker: ChangeExpecting>(into screen: SearchScreen, checkedBy checker: Checker) where Checker.Model == SearchScreen {
        checker.expectChanges(during: { screen.send(.queryChanged("swift")) }) { $0.query = "swift" }
        checker.expectNoChanges(during: { screen.send(.queryChanged("swift")) })
    }

    static let tracking: KeyValuePairs<String, PartialKeyPath<SearchScreen>> = ["state": \.state, "query": \.query, "selection": \.selection]

    @Test func aRecorderAndAHarnessRunTheSameExpectations() async throws {
        let screen = SearchScreen(search: search, clock: clock, responder: .noop)
        let recorder = try ChangeRecorder(screen, tracking: Self.tracking, privateState: ["searchCount"])
        #expect(recorder.changeRecorder === recorder)

        let failures = try await withExpectationFailuresCaptured {
            typeSwift(into: screen, checkedBy: recorder)
            screen.tasks.cancelAll()
            try await withViewModelHarness(of: { controls in
                SearchScreen(search: search, clock: controls.clock, responder: controls.responder, tasks: controls.tasks)
            }, tracking: Self.tracking, privateState: ["searchCount"]) { test in
                typeSwift(into: test.viewModel, checkedBy: test)
                #expect(test.changeRecorder.changedProperties.isEmpty)
                test.tasks.cancelAll()
                try await test.untilIdle()
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func aHarnessReportsAnUnexpectedChangeAtTheExpectationsLine() async throws {
        var line = 0
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: { controls in
                SearchScreen(search: search, clock: controls.clock, responder: controls.responder, tasks: controls.tasks)
            }, tracking: Self.tracking, privateState: ["searchCount"]) { test in
                line = #line + 1
                await test.expectNoChanges(during: {
                    await Task.yield()
                    test.viewModel.send(.queryChanged("swift"))
                })
                test.tasks.cancelAll()
                try await test.untilIdle()
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == line, "\(failures)")
        #expect(failures.first?.message.contains("• query (unexpected change)") == true, "\(failures)")
    }

    @Test func aRecorderOnItsOwnIsExhaustive() throws {
        let screen = SearchScreen(search: search, clock: clock, responder: .noop)
        let recorder = try ChangeRecorder(screen, tracking: Self.tracking, privateState: ["searchCount"])
        screen.send(.queryChanged("swift"))
        screen.send(.search)
        let failures = withExpectationFailuresCaptured {
            // States the state but not the query: a recorder compares every tracked property.
            recorder.expectChanges {
                $0.state = .loading(query: "swift")
                $0.set("searchCount", to: 1)
            }
        }
        screen.tasks.cancelAll()
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("• query (unexpected change)") == true, "\(failures)")
    }
}
