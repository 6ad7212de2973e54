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
        try await owner.untilIdle()
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

        await owner.waitForAll()
        #expect(cancelled)
    }

    /// A main actor kept busy past the deadline (a loaded CI machine) is not the work hanging:
    /// the work's next steps, queued behind the timer, get their turns first.
    @Test func untilIdleGivesWorkQueuedBehindABusyMainActorItsTurns() async throws {
        let owner = TaskOwner()
        var steps = 0
        owner.start {
            await Task.yield()
            // Busy on the main actor well past the wait's deadline, as a starved machine is.
            let busyUntil = ContinuousClock.now + .milliseconds(200)
            while ContinuousClock.now < busyUntil {}
            for _ in 0..<3 {
                await Task.yield()
                steps += 1
            }
        }

        try await owner.untilIdle(timeout: .milliseconds(20))
        #expect(steps == 3)
    }

    @Test func untilIdleWithNoArgumentIsTheKitsWaitAndAwaitsWorkStartedWhileWaiting() async throws {
        let owner = TaskOwner()
        var steps: [String] = []
        owner.start {
            await Task.yield()
            steps.append("first")
            owner.start { steps.append("second") }
        }
        // The runtime has no `untilIdle()` of its own: a bare call is this throwing, bounded wait.
        try await owner.untilIdle()
        #expect(steps == ["first", "second"])
        #expect(owner.isIdle)
    }

    @Test func untilIdleNamesTheLineOfTheWaitWhenItTimesOut() async {
        let owner = TaskOwner()
        let (never, _) = AsyncStream<Void>.makeStream()
        owner.start { for await _ in never {} }
        var description = ""
        let line = #line + 2
        do {
            try await owner.untilIdle(timeout: .milliseconds(20))
        } catch let error as WaitTimeoutError {
            description = error.description
        } catch {}
        #expect(description == "MVVMTestingTests/WaitingTests.swift:\(line): timed out after 0.02 seconds waiting for 1 running task(s) to finish")
        await owner.waitForAll()
    }

    @Test func theHarnessUntilIdleWaitsOnItsTaskOwner() async throws {
        let failures = try await withExpectationFailuresCaptured {
            try await withViewModelHarness(of: { controls in Countdown(tasks: controls.tasks) }, sendingUp: Never.self, tracking: ["left": \.left]) { test in
                test.viewModel.start()
                try await test.untilIdle()
                test.expectChanges { $0.left = 0 }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func untilIdleWithTimeoutReturnsWhenWorkFinishes() async throws {
        let owner = TaskOwner()
        var ran = false
        owner.start { ran = true }
        try await owner.untilIdle()
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

/// Counts down to zero in a task of its own.
@MainActor
@Observable
private final class Countdown {
    var left = 3
    @ObservationIgnored private let tasks: TaskOwner

    init(tasks: TaskOwner) {
        self.tasks = tasks
    }

    func start() {
        tasks.start { [weak self] in
            while let self, self.left > 0 {
                await Task.yield()
                self.left -= 1
            }
        }
    }
}
