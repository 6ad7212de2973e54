import MVVM
import MVVMTesting
import Testing

@MainActor
struct WaitingTests {
    @Test func waitUntilReturnsOnceAnObservedChangeSatisfiesTheCondition() async throws {
        let form = Form()
        let owner = TaskOwner()
        owner.start {
            for _ in 0..<20 {
                await Task.yield()
                form.birthday()
            }
        }

        try await waitUntil("adulthood") { form.isAdult }

        #expect(form.age >= 18)
        await owner.untilIdle()
    }

    @Test func waitUntilReturnsAtOnceWhenTheConditionAlreadyHolds() async throws {
        let form = Form()
        form.name = "done"
        try await waitUntil(timeout: .zero) { form.name == "done" }
    }

    @Test func waitUntilFailsAfterTheTimeoutNamingWhatItWaitedFor() async {
        let form = Form()
        let error = await #expect(throws: WaitTimeoutError.self) {
            try await waitUntil("a name", timeout: .milliseconds(20)) { !form.name.isEmpty }
        }
        #expect(error?.description.contains("waiting for a name") == true)
        #expect(error?.description.contains("WaitingTests.swift") == true)
    }

    @Test func untilIdleWithTimeoutFailsAndCancelsHungWork() async {
        let owner = TaskOwner()
        let (never, _) = AsyncStream<Void>.makeStream()
        var cancelled = false
        owner.start {
            for await _ in never {}
            cancelled = Task.isCancelled
        }

        let error = await #expect(throws: WaitTimeoutError.self) {
            try await owner.untilIdle(timeout: .milliseconds(20))
        }
        #expect(error?.waitingFor == "1 running task(s) to finish")

        await owner.untilIdle()
        #expect(cancelled)
    }

    @Test func untilIdleWithTimeoutReturnsWhenWorkFinishes() async throws {
        let owner = TaskOwner()
        var ran = false
        owner.start { ran = true }
        try await owner.untilIdle(timeout: .seconds(30))
        #expect(ran)
    }
}

@MainActor
struct UnobservedConditionTests {
    @Test func aConditionThatReadsNoObservableStateFailsAtOnce() async {
        let stub = Stub<Void, Void>()
        // Were the failure to come only from the timeout, it would be a WaitTimeoutError.
        let error = await #expect(throws: UnobservedConditionError.self) {
            try await waitUntil("the stub to be called", timeout: .seconds(30)) { stub.callCount > 0 }
        }
        #expect(error?.description.contains("the condition for the stub to be called reads no observable state") == true)
        #expect(error?.description.hasPrefix("MVVMTestingTests/WaitingTests.swift:") == true)
    }

    @Test func aConditionThatHoldsAtOnceNeedsNoObservableState() async throws {
        let stub = Stub<Void, Void>()
        stub()
        try await waitUntil { stub.callCount == 1 }
    }
}
