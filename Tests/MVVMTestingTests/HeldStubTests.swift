import MVVM
import MVVMTesting
import Testing

@MainActor
struct HeldStubTests {
    struct Offline: Error {}

    @Test func holdsACallUntilTheTestAnswersIt() async throws {
        let stub = HeldStub<String, Int>()
        let tasks = TaskOwner()
        var result: Int?
        tasks.start { result = try? await stub("a") }

        let call = try await stub.nextCall()
        #expect(call.arguments == "a")
        #expect(result == nil)
        #expect(!call.isFinished)

        call.answer(1)
        try await tasks.untilIdle()
        #expect(result == 1)
        #expect(!call.wasCancelled)
    }

    @Test func aFailedCallThrowsTheError() async throws {
        let stub = HeldStub<Void, Int>()
        let tasks = TaskOwner()
        var caught: (any Error)?
        tasks.start {
            do { _ = try await stub() } catch { caught = error }
        }
        try await stub.nextCall().fail(Offline())
        try await tasks.untilIdle()
        #expect(caught is Offline)
    }

    @Test func replacingWorkByIDReportsTheFirstCallerCancelled() async throws {
        let stub = HeldStub<String, Int>()
        let tasks = TaskOwner()
        var answers: [Int] = []
        tasks.start(id: "search") { if let value = try? await stub("sw") { answers.append(value) } }
        let first = try await stub.nextCall()
        tasks.start(id: "search") { if let value = try? await stub("swift") { answers.append(value) } }
        let second = try await stub.nextCall()

        #expect(first.wasCancelled)
        #expect(!second.wasCancelled)
        first.answer(1)
        second.answer(2)
        try await tasks.untilIdle()
        #expect(answers == [2])
        #expect(stub.calls.map(\.arguments) == ["sw", "swift"])
    }

    @Test func callsMadeBeforeTheTestAsksAreHandedOverInOrder() async throws {
        let stub = HeldStub<Int, Int>()
        let tasks = TaskOwner()
        tasks.start { _ = try? await stub(1) }
        tasks.start { _ = try? await stub(2) }
        let first = try await stub.nextCall()
        let second = try await stub.nextCall()
        // Whichever task the scheduler ran first, the calls come out in the order they were made.
        #expect([first.arguments, second.arguments] == stub.calls.map(\.arguments))
        #expect(Set([first.arguments, second.arguments]) == [1, 2])
        first.answer(0)
        second.answer(0)
        try await tasks.untilIdle()
    }

    @Test func aTestWaitingBeforeTheCallIsHandedItWhenItComes() async throws {
        let stub = HeldStub<Int, Int>()
        let tasks = TaskOwner()
        var taken: [Int] = []
        let waiter = TaskOwner()
        waiter.start {
            if let call = try? await stub.nextCall() {
                taken.append(call.arguments)
                call.answer(call.arguments)
            }
        }
        await Task.yield()
        tasks.start { _ = try? await stub(7) }
        try await waiter.untilIdle()
        try await tasks.untilIdle()
        #expect(taken == [7])
        #expect(stub.callCount == 1)
    }

    @Test func nextCallFailsWhenNoCallComes() async {
        let stub = HeldStub<Void, Void>()
        let error = await #expect(throws: WaitTimeoutError.self) {
            try await stub.nextCall(timeout: .milliseconds(10))
        }
        #expect(error?.waitingFor == "a call of the held stub")
    }
}

@MainActor
struct TestClockTests {
    @Test func sleepersWakeOnlyWhenTimeReachesTheirDeadline() async throws {
        let clock = TestClock()
        let tasks = TaskOwner()
        var woke: [String] = []
        tasks.start {
            try? await clock.sleep(for: .seconds(2))
            woke.append("two")
        }
        tasks.start {
            try? await clock.sleep(for: .seconds(1))
            woke.append("one")
        }
        try await clock.untilSleeping(count: 2)

        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(5))
        try await tasks.untilIdle()
        #expect(Set(woke) == ["one", "two"])
        #expect(clock.now.offset == .milliseconds(5999))
    }

    @Test func aCancelledSleeperThrowsAndLeaves() async throws {
        let clock = TestClock()
        let tasks = TaskOwner()
        var outcome = ""
        tasks.start(id: "debounce") {
            do {
                try await clock.sleep(for: .seconds(1))
                outcome = "woke"
            } catch {
                outcome = "cancelled"
            }
        }
        try await clock.untilSleeping()
        tasks.cancel(id: "debounce")
        try await tasks.untilIdle()
        #expect(outcome == "cancelled")
        #expect(clock.sleeperCount == 0)
    }

    @Test func untilSleepingFailsWhenTooFewSleepsCome() async throws {
        let clock = TestClock()
        let tasks = TaskOwner()
        tasks.start { try? await clock.sleep(for: .seconds(1)) }
        try await clock.untilSleeping()
        let error = await #expect(throws: WaitTimeoutError.self) {
            try await clock.untilSleeping(count: 2, timeout: .milliseconds(20))
        }
        #expect(error?.waitingFor == "2 sleep(s) on the test clock")
        clock.advance(by: .seconds(1))
        try await tasks.untilIdle()
    }

    @Test func eachWaitForSleepersEndsWhenItsCountIsReached() async throws {
        let clock = TestClock()
        let tasks = TaskOwner()
        var reached: [Int] = []
        let waits = TaskOwner()
        waits.start {
            try? await clock.untilSleeping(count: 2)
            reached.append(2)
        }
        waits.start {
            try? await clock.untilSleeping(count: 1)
            reached.append(1)
        }
        await Task.yield()
        tasks.start { try? await clock.sleep(for: .seconds(1)) }
        tasks.start { try? await clock.sleep(for: .seconds(2)) }
        try await waits.untilIdle()
        #expect(Set(reached) == [1, 2])
        clock.advance(by: .seconds(2))
        try await tasks.untilIdle()
    }

    @Test func aDeadlineInThePastReturnsAtOnce() async throws {
        let clock = TestClock()
        clock.advance(by: .seconds(1))
        try await clock.sleep(until: .init(offset: .seconds(1)))
    }
}
