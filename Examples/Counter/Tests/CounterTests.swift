import CounterExample
import MVVMTesting
import Testing

@MainActor
struct CounterTests {
    let service = CounterService()

    @Test func counterStartsAtTheSharedCount() {
        let sut = CounterViewModel(dependencies: .init(counter: CounterService(count: 1)))
        #expect(sut.countText == "1 tap")
    }

    @Test func incrementChangesTheSharedCount() throws {
        let sut = CounterViewModel(dependencies: .init(counter: service))
        let recorder = try ChangeRecorder(sut, tracking: ["countText": \.countText])

        recorder.expectChanges(during: { sut.increment() }) { $0.countText = "1 tap" }
        #expect(service.count == 1)
        recorder.expectChanges(during: { sut.increment() }) { $0.countText = "2 taps" }
    }

    @Test func summaryDescribesTheCount() {
        let sut = CounterSummaryViewModel(dependencies: .init(counter: service))
        #expect(sut.summary == "Nothing counted yet.")
        #expect(!sut.canReset)
        service.increment()
        #expect(sut.summary == "The count is 1, an odd number.")
        service.increment()
        #expect(sut.summary == "The count is 2, an even number.")
        #expect(sut.canReset)
    }

    @Test func resetSetsTheSharedCountToZero() {
        let sut = CounterSummaryViewModel(dependencies: .init(counter: CounterService(count: 4)))
        sut.reset()
        #expect(sut.summary == "Nothing counted yet.")
        #expect(!sut.canReset)
    }

    @Test func bothScreensSeeTheSameCount() throws {
        let counter = CounterViewModel(dependencies: .init(counter: service))
        let summary = CounterSummaryViewModel(dependencies: .init(counter: service))
        // Observation reaches the summary screen through the shared service, as it would reach its view.
        let summaryChanges = try ChangeRecorder(summary, tracking: ["summary": \.summary, "canReset": \.canReset])

        summaryChanges.expectChanges(during: { counter.increment() }) {
            $0.summary = "The count is 1, an odd number."
            $0.canReset = true
        }
        summaryChanges.expectChanges(during: { summary.reset() }) {
            $0.summary = "Nothing counted yet."
            $0.canReset = false
        }
        #expect(counter.countText == "0 taps")
    }
}
