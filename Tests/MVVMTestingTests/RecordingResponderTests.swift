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
