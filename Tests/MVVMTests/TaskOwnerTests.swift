import MVVM
import Testing

@MainActor
struct TaskOwnerTests {
    @Test func waitForAllWaitsForStartedWork() async {
        let owner = TaskOwner()
        var log: [String] = []

        owner.start { log.append("ran") }
        #expect(!owner.isIdle)
        await owner.waitForAll()

        #expect(log == ["ran"])
        #expect(owner.isIdle)
        #expect(owner.runningCount == 0)
    }

    @Test func waitForAllAlsoWaitsForWorkStartedWhileWaiting() async {
        let owner = TaskOwner()
        let gate = Gate()
        var log: [String] = []

        owner.start {
            await gate.wait()
            log.append("first")
            owner.start {
                log.append("second")
            }
        }
        gate.open()
        await owner.waitForAll()

        #expect(log == ["first", "second"])
        #expect(owner.isIdle)
    }

    @Test func startingTheSameIDCancelsTheRunningWork() async {
        let owner = TaskOwner()
        let never = Gate()
        var outcomes: [String] = []

        owner.start(id: "search") {
            await never.wait()
            outcomes.append(Task.isCancelled ? "first cancelled" : "first finished")
        }
        owner.start(id: "search") {
            outcomes.append(Task.isCancelled ? "second cancelled" : "second finished")
        }
        await owner.waitForAll()

        #expect(outcomes.sorted() == ["first cancelled", "second finished"])
        #expect(!owner.isRunning(id: "search"))
    }

    @Test func differentIDsRunSideBySide() async {
        let owner = TaskOwner()
        let gate = Gate()
        var finished: [String] = []

        owner.start(id: 1) { await gate.wait(); finished.append("one") }
        owner.start(id: 2) { finished.append("two") }
        #expect(owner.isRunning(id: 1))
        #expect(owner.runningCount == 2)
        gate.open()
        await owner.waitForAll()

        #expect(finished.sorted() == ["one", "two"])
    }

    @Test func cancelByIDCancelsOnlyThatWork() async {
        let owner = TaskOwner()
        let never = Gate()
        let release = Gate()
        var outcomes: [String] = []

        owner.start(id: "a") {
            await never.wait()
            outcomes.append("a cancelled: \(Task.isCancelled)")
        }
        owner.start(id: "b") {
            await release.wait()
            outcomes.append("b cancelled: \(Task.isCancelled)")
        }
        owner.cancel(id: "a")
        owner.cancel(id: "not running")
        release.open()
        await owner.waitForAll()

        #expect(outcomes.sorted() == ["a cancelled: true", "b cancelled: false"])
    }

    @Test func cancelAllCancelsEverything() async {
        let owner = TaskOwner()
        let never = Gate()
        var cancelled = 0

        for _ in 0..<3 {
            owner.start {
                await never.wait()
                if Task.isCancelled { cancelled += 1 }
            }
        }
        owner.cancelAll()
        await owner.waitForAll()

        #expect(cancelled == 3)
    }

    @Test func releasingTheOwnerCancelsItsWork() async {
        let never = Gate()
        var owner: TaskOwner? = TaskOwner()
        let task = owner!.start {
            await never.wait()
        }

        owner = nil
        await task.value

        #expect(task.isCancelled)
    }
}
