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
