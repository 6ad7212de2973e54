import MVVM
import MVVMTesting
import Testing

@MainActor
struct RecordingResponderTests {
    @Test func recordsActionsInOrder() {
        let recorder = RecordingResponder<String>()
        let responder = recorder.responder

        responder.send("a")
        responder("b")

        #expect(recorder.actions == ["a", "b"])
        #expect(recorder.lastAction == "b")
    }

    @Test func removeAllForgetsEarlierActions() {
        let recorder = RecordingResponder<Int>()
        recorder.responder.send(1)
        recorder.removeAll()
        recorder.responder.send(2)
        #expect(recorder.actions == [2])
    }
}

@MainActor
struct ExhaustiveResponderTests {
    @Test func expectationsConsumeActionsInOrder() {
        let recorder = RecordingResponder<String>()
        recorder.responder("a")
        recorder.responder("b")
        let failures = withExpectationFailuresCaptured {
            recorder.expect("a")
            recorder.expect("b")
            recorder.expectAllAsserted()
        }
        #expect(failures.isEmpty)
        #expect(recorder.unassertedActions.isEmpty)
    }

    @Test func aFailedExpectationListsTheLeftoversOnce() {
        let recorder = RecordingResponder<String>()
        recorder.responder("a")
        recorder.responder("b")
        let failures = withExpectationFailuresCaptured {
            recorder.expect("z")
            recorder.expectAllAsserted()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("Unasserted actions: [\"a\", \"b\"]") == true, "\(failures)")
        // Later actions are still checked.
        recorder.responder("c")
        #expect(withExpectationFailuresCaptured { recorder.expectAllAsserted() }.count == 1)
    }

    @Test func leftoverActionsFailWithTheirList() {
        let recorder = RecordingResponder<SearchScreen.ResponderAction>()
        recorder.responder(.searched("sw"))
        recorder.responder(.opened("Swift"))
        recorder.responder(.searched("swift"))
        let line = #line + 3
        let failures = withExpectationFailuresCaptured {
            recorder.expect(.searched("sw"))
            recorder.expectAllAsserted()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == line)
        #expect(failures.first?.message == """
            2 responder action(s) were sent up but not asserted:
              .opened(
                "Swift"
              )
              .searched(
                "swift"
              )
            Assert each with `expect(_:)`, in order, or make the recorder with `exhaustivity: .off` if this test does not care about them.
            """)
    }

    @Test func anActionOutOfOrderFailsNamingTheNextOne() {
        let recorder = RecordingResponder<String>()
        recorder.responder("a")
        recorder.responder("b")
        let failures = withExpectationFailuresCaptured {
            recorder.expect("b")
        }
        #expect(failures.first?.message == """
            Expected the responder action "b", but the next one sent up was "a". Unasserted actions: ["a", "b"].
            """)
    }

    @Test func anActionThatNeverArrivedFails() {
        let recorder = RecordingResponder<String>()
        let failures = withExpectationFailuresCaptured {
            recorder.expect("done")
        }
        #expect(failures.first?.message.contains("no unasserted action was sent up") == true)
    }

    @Test func nonExhaustiveModeSkipsAndAllowsLeftovers() {
        let recorder = RecordingResponder<String>(exhaustivity: .off)
        recorder.responder("progress")
        recorder.responder("done")
        recorder.responder("closed")
        let failures = withExpectationFailuresCaptured {
            recorder.expect("done")
            recorder.expectAllAsserted()
        }
        #expect(failures.isEmpty)
        #expect(recorder.unassertedActions == ["closed"])
    }
}
