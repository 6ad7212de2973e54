import MVVM
import MVVMTesting
import Testing

@MainActor
struct WorkLeftBehindTests {
    @Test func workStillRunningFailsNamingItsIdsAndIsCancelled() async throws {
        let tasks = TaskOwner()
        let held = HeldStub<Void, Void>()
        var cancelled = false
        tasks.start(id: "refresh") {
            do { try await held() } catch { cancelled = Task.isCancelled }
        }
        tasks.start { try? await held() }

        let line = #line + 2
        let failures = withExpectationFailuresCaptured {
            tasks.expectNoWorkLeftBehind()
        }

        #expect(failures.count == 1)
        #expect(failures.first?.line == line)
        #expect(failures.first?.message.hasPrefix(
            "Work is still running at the end of the test: \"refresh\", 1 task(s) started without an id."
        ) == true)
        try await tasks.untilIdle()
        #expect(cancelled)
    }

    @Test func workTheTestExpectsToRunPasses() async throws {
        let tasks = TaskOwner()
        let held = HeldStub<Void, Void>()
        tasks.start(id: "poll") { try? await held() }
        let failures = withExpectationFailuresCaptured {
            tasks.expectNoWorkLeftBehind(expecting: ["poll"])
        }
        #expect(failures.isEmpty)
        try await tasks.untilIdle()
    }

    @Test func expectedWorkThatIsNotRunningFails() {
        let tasks = TaskOwner()
        let failures = withExpectationFailuresCaptured {
            tasks.expectNoWorkLeftBehind(expecting: ["poll"])
        }
        #expect(failures.first?.message == "Expected still running, but not running: \"poll\".")
    }

    @Test func idleOwnerPasses() async throws {
        let tasks = TaskOwner()
        tasks.start(id: 1) {}
        try await tasks.untilIdle()
        let failures = withExpectationFailuresCaptured {
            tasks.expectNoWorkLeftBehind()
        }
        #expect(failures.isEmpty)
    }
}
